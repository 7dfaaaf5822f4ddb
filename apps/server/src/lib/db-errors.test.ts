import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from './db-errors.ts';

/** Errors as node-postgres, PGlite and drizzle (which wraps them in `cause`) report them. */
const pgError = (code: string, message = 'error') => Object.assign(new Error(message), { code });
const wrapped = (cause: unknown) => new Error('Failed query: select 1', { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    [
      'localhost refused on both addresses',
      new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')]),
    ],
    ['a statement timeout (57014)', pgError('57014', 'canceling statement due to statement timeout')],
    ['an idle transaction ended by the server (25P03)', pgError('25P03')],
    ['a connection exception (08006)', pgError('08006')],
    ['a server shutting down (57P01)', pgError('57P01')],
    ['too many connections (53300)', pgError('53300')],
    ['no pool connection in time', new Error('timeout exceeded when trying to connect')],
    ['a cut connection', new Error('Connection terminated unexpectedly')],
    ['a connection timeout', new Error('Connection terminated due to connection timeout')],
    ['no answer in time', new Error('Query read timeout')],
    ['PGlite closed', new Error('PGlite is closed')],
    ['any of them inside drizzle’s error', wrapped(pgError('57014'))],
  ])('recognises %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', wrapped(pgError('23505'))],
    ['a syntax error', pgError('42601')],
    ['a programming error', new TypeError('x is undefined')],
    ['nothing', undefined],
  ])('leaves %s alone', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('still tells unique violations apart', () => {
    expect(isUniqueViolation(wrapped(pgError('23505')))).toBe(true);
  });
});
