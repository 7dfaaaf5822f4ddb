import { lazySchema } from '../../../lib/parse-answer.ts';

/**
 * A case's shared schema (packages/shared/src/schemas/cases.ts), loaded beside the request whose answer it
 * checks, zod with it: the screens that show a case, the chat's too, are drawn without them (ADR 0008).
 */
export const caseSchema = lazySchema(() =>
  import('@l4l/shared/schemas/cases').then((module) => module.caseSchema),
);
