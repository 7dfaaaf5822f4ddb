import { buildTestApp } from '../../../test/app.ts';
import { bearer, createAdmin, createLawyerWithProfile, createUser, signIn } from '../../../test/factories.ts';

/**
 * The first consultations' test world (docs/api/http.md, First consultations): an app whose consultations
 * read a clock the test moves, with TURN configured; a lawyer with free first visits and a phone, one who
 * charges for them, a client, another client and an administrator, signed in; weekday mornings 10–12.
 */
export const TURN_SECRET = 'turn-shared-secret-for-tests';
// Friday 20 March 2026, 09:00 in Madrid (UTC+1); Madrid moves to UTC+2 on Sunday 29 March
export const START_CLOCK = new Date('2026-03-20T08:00:00Z');

const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, from: '10:00', to: '12:00' }));
export const PLAN = {
  weekly: weekdays,
  slotMinutes: 60,
  exceptions: [{ date: '2026-03-26', closed: true }],
  modes: ['video', 'phone'],
};

export async function consultationsWorld() {
  let clock = START_CLOCK;
  const ctx = await buildTestApp(
    { publicUrl: 'https://l4l.example' },
    { TURN_URLS: 'turn:127.0.0.1:3478?transport=udp', TURN_SECRET },
    // the money's sweep reads the same clock: a paid consultation is released after its end
    {
      consultations: { now: () => clock, sweepIntervalMs: 0 },
      money: { now: () => clock, sweepIntervalMs: 0 },
    },
  );
  const lawyer = await createLawyerWithProfile(ctx.app, {
    name: 'Lucía',
    surname: 'García',
    phoneNumber: '611222333',
    profile: { firstVisitFree: true },
  });
  const paidLawyer = await createLawyerWithProfile(ctx.app, { profile: { priceFirstVisitCents: 4000 } });
  const client = await createUser(ctx.app, { name: 'Carmen', surname: 'Cliente' });
  const other = await createUser(ctx.app, { name: 'Otra', surname: 'Persona' });
  const as: Record<string, { authorization: string }> = {
    lawyer: bearer(await signIn(ctx.app, lawyer)),
    paidLawyer: bearer(await signIn(ctx.app, paidLawyer)),
    client: bearer(await signIn(ctx.app, client)),
    other: bearer(await signIn(ctx.app, other)),
    admin: bearer(await signIn(ctx.app, await createAdmin(ctx.app))),
  };
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, who?: string, payload?: unknown) =>
    ctx.app.inject({ method, url, ...(who ? { headers: as[who] } : {}), ...(payload ? { payload } : {}) });
  return {
    ctx,
    lawyer,
    paidLawyer,
    client,
    call,
    as,
    book: (who: string, start: string, extra: Record<string, unknown> = {}) =>
      call('POST', '/api/consultations', who, { lawyerId: lawyer.id, start, mode: 'video', ...extra }),
    setClock: (at: Date) => {
      clock = at;
    },
  };
}
