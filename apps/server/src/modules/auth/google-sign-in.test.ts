import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { es } from '@l4l/shared/texts/es';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { createLawyer, createUser, uniqueMail } from '../../../test/factories.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { createGoogleVerifier } from './google-identity.ts';

const CLIENT_ID = 'l4l-test.apps.googleusercontent.com';
const KID = 'test-key-1';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let googleKeys: KeyPair;
let otherKeys: KeyPair;
let jwksServer: Server;
let jwksUrl: string;
let t: Awaited<ReturnType<typeof buildTestApp>>;

/** A local stand-in for https://www.googleapis.com/oauth2/v3/certs serving our own public key. */
beforeAll(async () => {
  googleKeys = await generateKeyPair('RS256');
  otherKeys = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(googleKeys.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/oauth2/v3/certs`;
  t = await buildTestApp({ googleClientId: CLIENT_ID, googleJwksUrl: jwksUrl });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => jwksServer.close(resolve));
});

type TokenOptions = {
  claims?: JWTPayload;
  audience?: string;
  issuer?: string;
  expiresAt?: number | string;
  key?: KeyPair['privateKey'];
};

/** An ID token shaped like Google's (RS256, kid, iss, aud, sub, email, email_verified, names). */
function googleToken(sub: string, email: string, options: TokenOptions = {}) {
  return new SignJWT({
    email,
    email_verified: true,
    given_name: 'Elena',
    family_name: 'Ruiz Soler',
    name: 'Elena Ruiz Soler',
    picture: 'https://lh3.googleusercontent.com/a/foto',
    ...options.claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
    .setIssuer(options.issuer ?? 'https://accounts.google.com')
    .setAudience(options.audience ?? CLIENT_ID)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime(options.expiresAt ?? '1h')
    .sign(options.key ?? googleKeys.privateKey);
}

const googleSignIn = (credential: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { credential } });

const newSub = () => String(Math.floor(Math.random() * 1e15));

describe('POST /api/auth/google', () => {
  it('tells the web the client id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ data: { google: { clientId: CLIENT_ID } } });
  });

  it('creates a client account for a new Google user and answers like a login', async () => {
    const sub = newSub();
    const mail = uniqueMail('google');
    const res = await googleSignIn(await googleToken(sub, mail.toUpperCase()));
    expect(res.statusCode).toBe(200);
    const { token, baseUser } = res.json().data;
    expect(token).toBeTruthy();
    expect(baseUser).toMatchObject({
      role: 'USUARIO',
      mail,
      name: 'Elena',
      surname: 'Ruiz Soler',
      username: 'ElenaRuizSoler',
      phoneNumber: '',
      photoUrl: 'https://lh3.googleusercontent.com/a/foto',
    });
    expect(res.cookies.find((c) => c.name === 'l4l_session')?.value).toBe(token);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, baseUser.id));
    expect(row).toMatchObject({ googleSub: sub, passwordHash: null });

    const again = await googleSignIn(await googleToken(sub, mail));
    expect(again.json().data.baseUser.id).toBe(baseUser.id);
  });

  it('signs in the existing account with that mail and links it to the Google id', async () => {
    const user = await createUser(t.app);
    const sub = newSub();
    const res = await googleSignIn(await googleToken(sub, user.mail));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.baseUser).toMatchObject({ id: user.id, name: user.name });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.googleSub).toBe(sub);
  });

  it('applies the login rules: banned 403 + 69, unverified lawyer 403 + 420', async () => {
    const banned = await createUser(t.app, { bannedAt: new Date() });
    const res = await googleSignIn(await googleToken(newSub(), banned.mail));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'USER_BANNED', status: 69 });
    const lawyer = await createLawyer(t.app, { verified: false });
    const lawyerRes = await googleSignIn(await googleToken(newSub(), lawyer.mail));
    expect(lawyerRes.statusCode).toBe(403);
    expect(lawyerRes.json().error).toMatchObject({ code: 'LAWYER_NOT_VERIFIED', status: 420 });
  });

  it.each<[string, (sub: string, mail: string) => Promise<string>]>([
    [
      'another audience',
      (sub, mail) => googleToken(sub, mail, { audience: 'someone-else.apps.googleusercontent.com' }),
    ],
    [
      'an expired token',
      (sub, mail) => googleToken(sub, mail, { expiresAt: Math.floor(Date.now() / 1000) - 600 }),
    ],
    ['a bad signature', (sub, mail) => googleToken(sub, mail, { key: otherKeys.privateKey })],
    ['another issuer', (sub, mail) => googleToken(sub, mail, { issuer: 'https://evil.example' })],
    ['an unverified mail', (sub, mail) => googleToken(sub, mail, { claims: { email_verified: false } })],
    ['garbage', async () => 'not.a.jwt'],
  ])('refuses %s with 401 and creates nobody', async (_, make) => {
    const mail = uniqueMail('rechazado');
    const res = await googleSignIn(await make(newSub(), mail));
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'BAD_CREDENTIALS', message: es.login.googleFailed });
    expect(await t.app.db.select().from(users).where(eq(users.mail, mail))).toHaveLength(0);
  });

  it('answers 503 when Google publishes no key set we can reach', async () => {
    const verify = createGoogleVerifier({ clientId: CLIENT_ID, jwksUrl: 'http://127.0.0.1:9/certs' });
    const error = await verify(await googleToken(newSub(), uniqueMail())).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', statusCode: 503 });
  });
});
