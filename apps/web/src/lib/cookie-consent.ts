import { COOKIE_CHOICE_ATTRIBUTE } from '@l4l/shared/constants/cookie-choice';
import { COOKIE_CONSENT_KEY } from '@l4l/shared/constants/limits';
import { useSyncExternalStore } from 'react';

/** ADR 0003: unset (the banner shows), accepted ('true') or rejected ('false'). */
export type CookieConsent = 'true' | 'false' | null;

const listeners = new Set<() => void>();
/** The last choice made in this page, for browsers whose storage refuses writes. */
let choiceInMemory: CookieConsent = null;

export function readCookieConsent(): CookieConsent {
  try {
    const value = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    return value === 'true' || value === 'false' ? value : null;
  } catch {
    // storage blocked (private mode, strict settings): only this page's choice is known
    return choiceInMemory;
  }
}

/** Keeps <html>'s mark of a choice made (COOKIE_CHOICE_ATTRIBUTE) in step, so the CSS that hides the banner follows it. */
function markChoice(choice: CookieConsent): void {
  if (choice === null) document.documentElement.removeAttribute(COOKIE_CHOICE_ATTRIBUTE);
  else document.documentElement.setAttribute(COOKIE_CHOICE_ATTRIBUTE, choice);
}

export function writeCookieConsent(accepted: boolean): void {
  choiceInMemory = accepted ? 'true' : 'false';
  markChoice(choiceInMemory);
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, String(accepted));
  } catch {
    // the choice then lasts for this page only; the banner still closes
  }
  for (const listener of listeners) listener();
}

/** Forgets the choice so the banner asks again (the cookie policy's "change my choice"). */
export function clearCookieConsent(): void {
  choiceInMemory = null;
  markChoice(null);
  try {
    window.localStorage.removeItem(COOKIE_CONSENT_KEY);
  } catch {
    // nothing stored, nothing to remove
  }
  for (const listener of listeners) listener();
}

/** True when the visitor agreed to keep the session across browser restarts (ADR 0003). */
export function hasPersistentConsent(): boolean {
  return readCookieConsent() === 'true';
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // another tab choosing also counts
  const onStorage = (event: StorageEvent) => {
    if (event.key !== COOKIE_CONSENT_KEY) return;
    markChoice(readCookieConsent());
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useCookieConsent(): CookieConsent {
  return useSyncExternalStore(subscribe, readCookieConsent, () => null);
}
