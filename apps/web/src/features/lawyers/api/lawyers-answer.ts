import { lawyerListItemSchema } from '@l4l/shared/schemas/lawyers';
import { z } from 'zod';

/** GET /api/lawyers's `data` (loaded on first use by get-lawyers.ts, with zod). */
export const lawyersAnswerSchema = z.array(lawyerListItemSchema);
