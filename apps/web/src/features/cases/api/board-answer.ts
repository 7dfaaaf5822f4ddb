import { boardCaseSchema } from '@l4l/shared/schemas/cases';
import { z } from 'zod';

/** GET /api/cases/pending-cases's `data` (loaded on first use by get-case-board.ts, with zod). */
export const boardAnswerSchema = z.array(boardCaseSchema);
