import { inject } from 'vitest';

/**
 * Whether this is the PostgreSQL pass of the server tests (DATABASE_URL set). A server process started
 * by test/server-process.ts uses the embedded database in every pass unless its test names another, so
 * the files whose processes always do run in the embedded pass only: the PostgreSQL pass would repeat them
 * unchanged.
 */
export const postgresPass = () => inject('dbTemplate').startsWith('postgres:');
