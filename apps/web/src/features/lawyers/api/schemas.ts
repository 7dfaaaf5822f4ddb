import { lazySchema } from '../../../lib/parse-answer.ts';

/**
 * The lawyers' shared schemas (packages/shared/src/schemas/lawyers.ts), each loaded on first use, zod with
 * it: beside the request whose answer it checks, or when its form is first checked. The lawyer's sheet has
 * all its forms on screen at once and is drawn without them (ADR 0008).
 */
const schemas = () => import('@l4l/shared/schemas/lawyers');

export const lawyerDetailSchema = lazySchema(() => schemas().then((module) => module.lawyerDetailSchema));
export const lawyerSheetSchema = lazySchema(() => schemas().then((module) => module.lawyerSheetSchema));
export const lawyerProfileUpdateSchema = lazySchema(() =>
  schemas().then((module) => module.lawyerProfileUpdateSchema),
);
export const lawyerPricesSchema = lazySchema(() => schemas().then((module) => module.lawyerPricesSchema));
export const academicEntrySchema = lazySchema(() => schemas().then((module) => module.academicEntrySchema));
export const academicEntryInputSchema = lazySchema(() =>
  schemas().then((module) => module.academicEntryInputSchema),
);
export const workEntrySchema = lazySchema(() => schemas().then((module) => module.workEntrySchema));
export const workEntryInputSchema = lazySchema(() => schemas().then((module) => module.workEntryInputSchema));
