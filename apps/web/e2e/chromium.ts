/** Debian's Chromium and the flags every journey launches it with (playwright.config.ts). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium keeps only the last `--disable-features` it is given, and Playwright passes its own list before
 * ours: so ours repeats Playwright's (1.65) and adds the omnibox's popup. Headless Chromium builds the
 * address bar's popup, a web page of some 300 files of its own, for every window it opens, that is for
 * every page a journey opens; on a slow machine that was a third of the time to open a page.
 */
const DISABLED_FEATURES = [
  // Playwright's own
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  // the address bar's popup
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
  // a renderer process started ahead of need, which a journey's fresh context never uses: opening 24 pages,
  // each in a new context, took 58 CPU-seconds without it against 68 with it
  'SpareRendererForSitePerProcess',
];

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

/** A fake camera and microphone, granted without asking (the video room's journey). */
export const FAKE_MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];
