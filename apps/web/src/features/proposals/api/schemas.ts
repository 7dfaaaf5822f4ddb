import { lazySchema } from '../../../lib/parse-answer.ts';

/**
 * The proposals' answers' shared schemas, each loaded beside the request whose answer it checks, zod with
 * it: the screens that show a proposal, the chat's too, are drawn without them (ADR 0008).
 */
const cases = () => import('@l4l/shared/schemas/cases');

export const proposalSchema = lazySchema(() => cases().then((module) => module.proposalSchema));
export const paymentUrlSchema = lazySchema(() => cases().then((module) => module.paymentUrlSchema));
export const chatMessageSchema = lazySchema(() =>
  import('@l4l/shared/schemas/chat').then((module) => module.chatMessageSchema),
);
