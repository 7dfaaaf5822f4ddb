// no React here: landing.html's first script (landing-boot.ts) uses it before loading React

/**
 * A page shown from its HTML before its code has loaded (landing.html, ADR 0022) looks ready before its
 * buttons work. Until `release()` this keeps the last button clicked (or pressed with the keyboard), and
 * `release()` clicks it again, once the code that answers it is in place. Links need nothing: they work
 * as links.
 */
export function holdEarlyClicks(root: Document | HTMLElement = document): () => void {
  let pending: HTMLElement | null = null;
  const hold = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button) pending = button;
  };
  root.addEventListener('click', hold, true);
  return () => {
    root.removeEventListener('click', hold, true);
    if (pending?.isConnected) pending.click();
    pending = null;
  };
}
