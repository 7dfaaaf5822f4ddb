import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decoratorOwners, lookupProblems, lookupsIn } from '../scripts/module-lookups.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** docs/decisions/0030-one-event-map.md: no module reaches another through a Fastify decorator. */
describe('lookups of another module through the app', () => {
  it('are none', () => {
    expect(lookupProblems(root)).toEqual([]);
  });

  it('knows which module owns which decorator', () => {
    const owners = decoratorOwners(root);
    expect(owners.get('payments')).toBe('payments');
    expect(owners.get('cases')).toBe('cases');
    expect(owners.get('accounts')).toBe('auth');
  });

  it('finds a planted lookup, put off or direct, and lets a module use its own decorator', () => {
    const owners = new Map([
      ['payments', 'payments'],
      ['money', 'money'],
      ['cases', 'cases'],
    ]);
    const source = [
      'const service = createX({',
      '  payments: () => app.payments,',
      '});',
      'await app.money.refundLate(id);',
      'await app.cases?.lockCase(tx, id);',
      'await app.payments.complete(input);',
      'await t.app.money.sweep();',
      'app.log.info("not a module");',
      'const deps = { cases: app.cases };',
    ].join('\n');
    const found = lookupsIn(source, 'planted.ts', 'payments', owners);
    expect(found.map((l) => [l.line, l.decorator, l.owner])).toEqual([
      [4, 'money', 'money'],
      [5, 'cases', 'cases'],
      [9, 'cases', 'cases'],
    ]);
    const fromProposals = lookupsIn(source, 'planted.ts', 'proposals', owners);
    expect(fromProposals.map((l) => [l.line, l.decorator])).toEqual([
      [2, 'payments'],
      [4, 'money'],
      [5, 'cases'],
      [6, 'payments'],
      [9, 'cases'],
    ]);
  });
});
