/**
 * The attribute of what stays usable above an open dialog (the cookie banner): components/modal lets a
 * click on it through, without closing the dialog. A file of its own so the banner does not load Radix.
 */
export const ABOVE_DIALOGS_ATTRIBUTE = 'data-above-dialogs';
