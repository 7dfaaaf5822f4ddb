import { chatListItemSchema } from '@l4l/shared/schemas/chat';
import { z } from 'zod';

/** GET /api/chat/getchats/{userId}'s `data` (loaded on first use by get-chats.ts, with zod). */
export const chatListSchema = z.array(chatListItemSchema);
