import { randomBytes } from 'node:crypto';
import { PROVINCES } from '@l4l/shared/constants/provinces';
import { ROLE, type Role } from '@l4l/shared/constants/roles';
import { usernameOf } from '@l4l/shared/schemas/auth';
import { searchableText } from '@l4l/shared/search';
import { eq, sql } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import { cases, fiscalProfiles, lawyerProfiles, ratings, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { newTotpSecret, totpCode } from '../src/modules/auth/totp.ts';
import { assignLawyerSlugs } from '../src/modules/lawyers/index.ts';

/** Factories for tests: rows straight into the database, so a test pays for HTTP only where it tests it. */

/** Meets the password policy and is not a common password. */
export const DEFAULT_PASSWORD = 'Toga-Martillo-2024';

/** What the sandbox payout onboarding page sends: a holder and a valid Spanish test IBAN. */
export const SANDBOX_PAYOUT_DETAILS = { holder: 'Titular de prueba', iban: 'ES9121000418450200051332' };

// argon2 costs about 40 ms a hash: hash the default password once per test file
let defaultHash: Promise<string> | undefined;
function hashOf(password: string): Promise<string> {
  if (password !== DEFAULT_PASSWORD) return hashPassword(password);
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  return defaultHash;
}

export const uniqueMail = (prefix = 'persona') => `${prefix}-${randomBytes(5).toString('hex')}@l4l.test`;

type UserOverrides = Partial<typeof users.$inferInsert> & { password?: string };

export async function createUser(app: App, overrides: UserOverrides = {}) {
  const { password = DEFAULT_PASSWORD, ...values } = overrides;
  const name = values.name ?? 'Lucía';
  const surname = values.surname ?? 'García Pérez';
  const [user] = await app.db
    .insert(users)
    .values({
      role: ROLE.USUARIO,
      mail: uniqueMail(values.role?.toLowerCase() ?? 'usuario'),
      username: usernameOf(name, surname),
      phoneNumber: '612345678',
      passwordHash: await hashOf(password),
      ...values,
      name,
      surname,
    })
    .returning();
  if (!user) throw new Error('user not created');
  return { ...user, password };
}

export async function createLawyer(app: App, options: UserOverrides & { verified?: boolean } = {}) {
  const { verified = true, ...overrides } = options;
  const user = await createUser(app, { role: ROLE.ABOGADO, ...overrides });
  await app.db.insert(lawyerProfiles).values({
    userId: user.id,
    description: 'Especialista en derecho civil y de familia.',
    categories: ['Abogado Civil', 'Abogado Divorcios'],
    province: PROVINCES[1],
    priceHourCents: 6000,
    searchText: searchableText(user.name, user.surname),
    verifiedAt: verified ? new Date() : null,
  });
  await assignLawyerSlugs(app.db, user.id);
  return user;
}

/** An administrator with a second factor already enrolled (its `totpSecret` is on the returned row). */
export function createAdmin(app: App, overrides: UserOverrides = {}) {
  return createUser(app, {
    role: ROLE.ADMIN,
    name: 'Admin',
    surname: 'L4L',
    totpSecret: newTotpSecret(),
    totpEnrolledAt: new Date(),
    ...overrides,
  });
}

/**
 * An administrator's whole sign-in as the web does it: the password, then the TOTP code computed from
 * the secret (docs/api/http.md, Auth). Answers the mfa/verify response.
 */
export async function adminLogin(
  app: App,
  admin: { mail: string; password: string; totpSecret: string | null },
  at = Date.now(),
) {
  const first = await login(app, admin.mail, admin.password);
  const mfaToken = first.json().data?.mfaToken;
  if (!mfaToken || !admin.totpSecret) throw new Error(`no second step: ${first.statusCode} ${first.body}`);
  return app.inject({
    method: 'POST',
    url: '/api/auth/mfa/verify',
    payload: { mfaToken, code: totpCode(admin.totpSecret, at) },
  });
}

/** A session token for the user without going through the login (no password hashing). */
export function signIn(app: App, user: { id: string; role: Role }) {
  return app.sessions.create(user, { persistent: false });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** POST /api/auth/login as a person would. */
export function login(app: App, email: string, password: string, extra: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, ...extra } });
}

type LawyerProfileOverrides = Partial<Omit<typeof lawyerProfiles.$inferInsert, 'userId' | 'ratingAvg'>>;

/** A lawyer (verified unless told) whose profile columns are set as given: prices, counters, province... */
export async function createLawyerWithProfile(
  app: App,
  options: UserOverrides & { verified?: boolean; profile?: LawyerProfileOverrides } = {},
) {
  const { profile = {}, ...userOptions } = options;
  const lawyer = await createLawyer(app, userOptions);
  if (Object.keys(profile).length > 0) {
    await app.db.update(lawyerProfiles).set(profile).where(eq(lawyerProfiles.userId, lawyer.id));
  }
  return lawyer;
}

/**
 * A rating of a finished case, with the lawyer's counters moved as POST /api/rating/new-rating moves them
 * (rating_sum, rating_count, finished_cases).
 */
export async function createRating(
  app: App,
  values: {
    userId: string;
    lawyerId: string;
    stars: number;
    title?: string;
    description?: string;
    createdAt?: Date;
  },
) {
  const {
    userId,
    lawyerId,
    stars,
    title = 'Muy buen trato',
    description = 'Me explicó todo con claridad.',
  } = values;
  const [finished] = await app.db
    .insert(cases)
    .values({
      userId,
      lawyerId,
      title: 'Caso terminado',
      description: 'Un caso ya cerrado.',
      status: 'FINALIZADO',
      progressStep: 7,
      finishDate: new Date(),
    })
    .returning({ id: cases.id });
  if (!finished) throw new Error('case not created');
  const [rating] = await app.db
    .insert(ratings)
    .values({ caseId: finished.id, userId, lawyerId, stars, title, description, createdAt: values.createdAt })
    .returning();
  if (!rating) throw new Error('rating not created');
  await app.db
    .update(lawyerProfiles)
    .set({
      ratingSum: sql`${lawyerProfiles.ratingSum} + ${stars}`,
      ratingCount: sql`${lawyerProfiles.ratingCount} + 1`,
      finishedCases: sql`${lawyerProfiles.finishedCases} + 1`,
    })
    .where(eq(lawyerProfiles.userId, lawyerId));
  return rating;
}

export async function banUser(app: App, userId: string) {
  await app.db.update(users).set({ bannedAt: new Date(), banReason: 'prueba' }).where(eq(users.id, userId));
}

/**
 * Fiscal data of a person, as PUT /api/billing/fiscal-profile stores it: what a client needs before paying
 * more than 400 € (docs/invoices.md), and a lawyer before being invoiced.
 */
export async function createFiscalProfile(
  app: App,
  userId: string,
  values: Partial<Omit<typeof fiscalProfiles.$inferInsert, 'userId'>> = {},
) {
  await app.db.insert(fiscalProfiles).values({
    userId,
    nif: '00000000T',
    name: 'Persona de prueba',
    street: 'Calle Mayor, 1',
    postalCode: '28013',
    city: 'Madrid',
    province: 'Madrid',
    ...values,
  });
}
