/** docs/alerts.md: how often a saved board search alerts its lawyer by mail. */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'off'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** docs/alerts.md: the figures of saved searches and of the daily digest. */
export const ALERT_LIMITS = {
  /** saved searches per lawyer */
  savedSearchesMax: 20,
  savedSearchNameMax: 60,
  /** the board's own search box takes as much */
  savedSearchWordsMax: 100,
  /** cases listed in one daily digest, newest first ("y N más" beyond) */
  digestCases: 20,
} as const;
