/** The chat feature's public entry: what app.ts and other modules may use. */
export { type Chat, type ChatPluginOptions, default as chatPlugin } from './chat.plugin.ts';
export { chatPrivacy } from './chat.privacy.ts';
export type { PostedMessage, PostMessageInput } from './chat.service.ts';
