import { type BaseUser, baseUserSchema } from '@l4l/shared/schemas/auth';
import { parseAnswer } from './parse-answer.ts';

/** GET /api/auth/me's answer checked against the shared `baseUser` schema (loaded on demand by session.tsx). */
export function parseSessionUser(answer: unknown): BaseUser {
  return parseAnswer(baseUserSchema, answer);
}
