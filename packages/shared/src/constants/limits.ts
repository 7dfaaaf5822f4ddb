/** The figures screens and server share (docs/domain.md, Limits). */
export const LIMITS = {
  loginTimeoutMs: 10_000,
  passwordMin: 8,
  passwordMax: 128,
  caseApprovalHours: { min: 24, max: 48 },
  descriptionMax: 500,
  titleMax: 120,
  nameMax: 60,
  mailMax: 254,
  phoneDigits: 9,
  phoneInputMax: 11,
  barNumberMax: 12,
  priceInputMax: 11,
  toastMs: 3000,
  loginToastMs: 5000,
  chatPreviewChars: 20,
  categorySummaryNames: 2,
  categoriesDropdownPx: 450,
  provincesDropdownPx: 230,
  layoutBreakpointPx: 768,
  chatBreakpointPx: 1000,
  socketReconnectMs: 5000,
  heartbeatMs: 10_000,
  ratingStars: 5,
  /** (+) the lawyer's one answer to a rating */
  ratingReplyMax: 1000,
  /** (+) why a rating is reported as abusive, and an administrator's note on it */
  ratingReportMax: 500,
  caseSteps: 8,
  redirectAfterResetMs: 3000,
  paymentErrorCloseMs: 3000,
  avatarDisplayPx: 128,
  avatarStoredPx: 256,
  cropEditor: { width: 390, height: 295 },
  cropMinRadius: 30,
  paymentTestAmount: 200,
  imageMaxBytes: 5 * 1024 * 1024,
  /** (+) a case document (PDF, DOCX, ODT, XLSX, JPEG, PNG) */
  documentMaxBytes: 20 * 1024 * 1024,
  /** (+) how long the uploader may delete a document after uploading it */
  documentDeleteWindowMs: 24 * 60 * 60 * 1000,
  /** (+) a document's name as kept and shown */
  documentNameMax: 120,
  chatTextMax: 4000,
  stompFrameMaxBytes: 64 * 1024,
  chatMessagesPerMinute: 60,
  defaultPageSize: 20,
  /** (+) the lawyer directory and the board count their matches exactly up to this many; past it, 'más de' */
  searchCountLimit: 1000,
  maxPageSize: 100,
} as const;

/** ADR 0003: the cookie-consent key must equal 'true' to persist the session. */
export const COOKIE_CONSENT_KEY = 'cookieConsent';

/** docs/domain.md, Response time: the median counts chats answered in this many days, and needs this many. */
export const RESPONSE_TIME_DAYS = 90;
export const RESPONSE_TIME_MIN_CHATS = 3;
