/** docs/domain.md, Ratings: once a case is rated, a flag is kept locally per case and the prompt says so. */
const KEY_PREFIX = 'l4l.ratedCase.';

export function isCaseRated(caseId: string): boolean {
  try {
    return window.localStorage.getItem(`${KEY_PREFIX}${caseId}`) === 'true';
  } catch {
    return false;
  }
}

export function markCaseRated(caseId: string): void {
  try {
    window.localStorage.setItem(`${KEY_PREFIX}${caseId}`, 'true');
  } catch {
    // storage may be full or blocked: the prompt still changes for this visit
  }
}
