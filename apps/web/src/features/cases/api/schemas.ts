import { lazySchema } from '../../../lib/parse-answer.ts';

/**
 * The cases' shared schemas (packages/shared/src/schemas/cases.ts), each loaded on first use, zod with it:
 * beside the request whose answer it checks, or when its form is first checked. The screens that show or
 * start a case, the chat's too, are drawn without them (ADR 0008).
 */
const schemas = () => import('@l4l/shared/schemas/cases');

export const caseSchema = lazySchema(() => schemas().then((module) => module.caseSchema));
export const newCaseSchema = lazySchema(() => schemas().then((module) => module.newCaseSchema));
