/**
 * docs/domain.md, Validation rules: standard email pattern. Here rather than beside the mail's schema
 * (schemas/common.ts), so a form that only checks a mail's shape as it is typed does not load zod.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
