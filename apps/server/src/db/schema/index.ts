export * from './admin.ts';
export * from './cases.ts';
export * from './chat.ts';
export * from './documents.ts';
export * from './invoices.ts';
export * from './notifications.ts';
export * from './payments.ts';
export * from './users.ts';
