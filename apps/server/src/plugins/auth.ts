import { ROLE, type Role } from '@l4l/shared/constants/roles';
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/database.ts';
import { sessions, users } from '../db/schema/index.ts';
import { AppError, forbidden } from '../lib/app-error.ts';
import { GroupedCalls } from '../lib/grouped-calls.ts';
import { MicroCache } from '../lib/micro-cache.ts';
import { SESSION_COOKIE } from './security.ts';

/**
 * Sessions and who may call what (docs/decisions/0003-web-session.md). A token is an HS256 JWT with `sub`
 * (user id), `sid` (session id) and `role`; it is read from `Authorization: Bearer` first, then from the
 * `l4l_session` cookie. Every authenticated request checks its `sessions` row (not revoked, not expired)
 * and that the user is not banned, so logout, a ban or a password reset end existing tokens at once.
 */

export { SESSION_COOKIE };
/** ADR 0003: a browser-session cookie and a 12-hour token, or 30 days with cookie consent. */
export const SESSION_TTL_SECONDS = 12 * 60 * 60;
export const PERSISTENT_SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
const ISSUER = 'l4l';
/**
 * How long a session read good is believed without reading it again. A revocation in this process
 * acts at once; one made by another server process reaches this one within this time.
 */
export const SESSION_TRUST_MS = 1_000;
/** Longer than any transaction that revokes sessions takes to commit. */
const UNSETTLED_MS = 30_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type AuthUser = { id: string; role: Role; sessionId: string };

export type Sessions = {
  /** Opens a session for the user and answers its signed token. */
  create(user: { id: string; role: Role }, options: { persistent: boolean }): Promise<string>;
  /** The session user of a token, or null when the token or its session is no longer good. */
  verify(token: string): Promise<AuthUser | null>;
  /**
   * Of these sessions (each with the user it was opened for), the ids still good: not revoked, not
   * expired, their user not banned. One statement for the whole list, for long-lived connections that
   * check their sessions again from time to time.
   */
  stillGood(list: readonly { sessionId: string; userId: string }[]): Promise<Set<string>>;
  revoke(sessionId: string): Promise<void>;
  /** Revokes every open session of the user (but `except`); `db` lets a transaction do it. */
  revokeAll(userId: string, options?: { except?: string; db?: Db }): Promise<void>;
  /**
   * Another process revoked sessions of the user: forget what was remembered and read that user's
   * sessions afresh for a while, so the revocation counts here at once.
   */
  distrust(userId: string): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
  }
  interface FastifyRequest {
    /** set by the `authenticate` guard */
    user: AuthUser | null;
  }
}

type VerifiedClaims = { sub: string; sid: string; exp: number } | null;
/** The user a session row belongs to, as the session check reads it. */
type SessionOwner = { userId: string; role: Role };

function createSessions(db: Db, secret: string): Sessions {
  const key = new TextEncoder().encode(secret);
  // A token's signature does not change: remember the verdict for a minute (expiry is still checked on
  // every request below), so a busy client does not pay the HMAC check on each call. Bounded in size.
  const signatures = new MicroCache<VerifiedClaims>(60_000, 10_000);
  const verifySignature = (token: string) =>
    signatures.get(token, async (): Promise<VerifiedClaims> => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
        const { sub, sid, exp } = payload;
        if (!sub || typeof sid !== 'string' || !UUID.test(sub) || !UUID.test(sid) || !exp) return null;
        return { sub, sid, exp };
      } catch {
        return null;
      }
    });
  // A session read good is trusted for SESSION_TRUST_MS without reading its row again (ADR 0003): a busy
  // client's requests share one read a second. Revoking in this process forgets at once (below). What is
  // remembered is the session's own user, read by session id alone, never what a token claims: a token
  // whose `sub` is not that user is refused, and cannot make the owner's entry wrong or evict it.
  const checked = new MicroCache<SessionOwner | null>(SESSION_TRUST_MS, 10_000);
  // users whose sessions were just revoked, maybe inside a transaction not yet committed: their sessions
  // are read every time until the revocation has surely landed
  const unsettled = new Map<string, number>();
  const isUnsettled = (userId: string) => {
    const until = unsettled.get(userId);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    unsettled.delete(userId);
    return false;
  };
  const readAfresh = (userId: string) => {
    const now = Date.now();
    for (const [id, until] of unsettled) if (until <= now) unsettled.delete(id);
    unsettled.set(userId, now + UNSETTLED_MS);
  };
  // The session check runs on every authenticated request and chat CONNECT not remembered: prepared once,
  // planned once, and the checks that arrive while two are under way share one execution (a reconnect
  // storm brings thousands within seconds). Session ids are UUIDs (checked with the token), never commas.
  const sessionCheck = db
    .select({ sessionId: sessions.id, userId: sessions.userId, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        sql`${sessions.id} = any(string_to_array(${sql.placeholder('sids')}, ',')::uuid[])`,
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        isNull(users.bannedAt),
      ),
    )
    .prepare('l4l_session_check');
  const sessionChecks = new GroupedCalls<string, SessionOwner | null>(
    async (sids) => {
      const rows = await sessionCheck.execute({ sids: [...new Set(sids)].join(','), now: new Date() });
      const owners = new Map(rows.map((row) => [row.sessionId, { userId: row.userId, role: row.role }]));
      return sids.map((sid) => owners.get(sid) ?? null);
    },
    { concurrency: 2, maxGroup: 500 },
  );
  return {
    async create(user, { persistent }) {
      const ttl = persistent ? PERSISTENT_SESSION_TTL_SECONDS : SESSION_TTL_SECONDS;
      const expiresAt = new Date(Date.now() + ttl * 1000);
      const [session] = await db
        .insert(sessions)
        .values({ userId: user.id, expiresAt, persistent })
        .returning({ id: sessions.id });
      if (!session) throw new Error('session not created');
      return new SignJWT({ sid: session.id, role: user.role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },

    async verify(token) {
      const claims = await verifySignature(token);
      if (!claims || claims.exp * 1000 <= Date.now()) return null;
      const read = () => sessionChecks.add(claims.sid);
      const owner = isUnsettled(claims.sub) ? await read() : await checked.get(claims.sid, read);
      if (!owner || owner.userId !== claims.sub) return null;
      return { id: claims.sub, role: owner.role, sessionId: claims.sid };
    },

    async stillGood(list) {
      if (list.length === 0) return new Set();
      const rows = await db
        .select({ sessionId: sessions.id, userId: sessions.userId })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            inArray(
              sessions.id,
              list.map((entry) => entry.sessionId),
            ),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
            isNull(users.bannedAt),
          ),
        );
      const owners = new Map(rows.map((row) => [row.sessionId, row.userId]));
      return new Set(
        list.filter((entry) => owners.get(entry.sessionId) === entry.userId).map((e) => e.sessionId),
      );
    },

    async revoke(sessionId) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
      // after the update: a check that started before it may have read the row still open
      checked.forget(sessionId);
    },

    async revokeAll(userId, { except, db: executor = db } = {}) {
      // rare (a ban, a password change or reset): everyone's remembered checks go, and this user's sessions
      // are read afresh until the transaction this may run in has committed
      readAfresh(userId);
      await executor
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            except ? ne(sessions.id, except) : undefined,
          ),
        );
      checked.clear();
    },

    distrust(userId) {
      readAfresh(userId);
      checked.clear();
    },
  };
}

/** The Bearer token when the header says Bearer (even a bad one), else the session cookie. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header && /^bearer\b/i.test(header)) return header.slice(6).trim();
  return request.cookies?.[SESSION_COOKIE];
}

/** The caller, when the request carries a good token; null otherwise (never throws). */
export async function resolveUser(request: FastifyRequest): Promise<AuthUser | null> {
  if (request.user) return request.user;
  const token = tokenOf(request);
  request.user = token ? await request.server.sessions.verify(token) : null;
  return request.user;
}

/**
 * Guards, for a route's `onRequest` (before the body is read and validated, so an anonymous caller gets
 * 401 rather than 400) or `preHandler`.
 */
export async function authenticate(request: FastifyRequest): Promise<void> {
  if (!(await resolveUser(request))) throw new AppError('UNAUTHENTICATED');
}

export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest) => {
    await authenticate(request);
    if (!roles.includes(currentUser(request).role)) throw forbidden();
  };
}

/**
 * docs/api/http.md, Conventions: a user `{id}` must be the caller's own, unless the caller is ADMIN and `admin` allows it
 * (403 otherwise).
 */
export function assertOwner(caller: AuthUser, userId: string, options: { admin: boolean }): void {
  if (caller.id === userId) return;
  if (options.admin && caller.role === ROLE.ADMIN) return;
  throw forbidden();
}

/** Guard for a path whose parameter `param` is a user id: the caller's own (or any, for an ADMIN). */
export function requireOwner(param = 'id', options: { admin: boolean } = { admin: true }) {
  return async (request: FastifyRequest) => {
    await authenticate(request);
    const userId = (request.params as Record<string, string | undefined>)[param] ?? '';
    assertOwner(currentUser(request), userId, options);
  };
}

/** The caller of a route behind a guard. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}

const cookieBase = (reply: FastifyReply) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  path: '/',
  secure: reply.server.config.publicUrl.startsWith('https:'),
});

/** ADR 0003: the same token in an HttpOnly cookie; persistent (Max-Age) only with cookie consent. */
export function setSessionCookie(reply: FastifyReply, token: string, persistent: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    ...cookieBase(reply),
    ...(persistent ? { maxAge: PERSISTENT_SESSION_TTL_SECONDS } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieBase(reply));
}

async function auth(app: FastifyInstance) {
  app.decorate('sessions', createSessions(app.db, app.config.jwtSecret));
  app.decorateRequest('user', null);
}

export default fp(auth, { name: 'auth', dependencies: ['config', 'security'] });
