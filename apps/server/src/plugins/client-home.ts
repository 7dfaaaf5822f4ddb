import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import { CLIENT_HOME_PAGE, PERSON_MARKS } from '@l4l/shared/constants/pages';
import { ROLE } from '@l4l/shared/constants/roles';
import { initialsOf } from '@l4l/shared/format';
import type { BaseUser } from '@l4l/shared/schemas/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthUser, resolveUser } from './auth.ts';
import { escapeHtml } from './mailer.ts';

type Person = { name: string; surname: string };

/** The page is written per person, so compressed per answer: a few hundred microseconds for its 7 KiB. */
const COMPRESS = {
  br: (page: Buffer) => brotliCompressSync(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (page: Buffer) => gzipSync(page),
};
const ENCODINGS = Object.keys(COMPRESS) as Array<keyof typeof COMPRESS>;

// the initials first: they are the two marks side by side
const MARKS = new RegExp(
  `${PERSON_MARKS.name}${PERSON_MARKS.surname}|${PERSON_MARKS.name}|${PERSON_MARKS.surname}`,
  'g',
);

/** CLIENT_HOME_PAGE with the person's name, surname and initials where the build left its marks. */
export function fillClientHome(template: string, person: Person): string {
  const byMark: Record<string, string> = {
    [`${PERSON_MARKS.name}${PERSON_MARKS.surname}`]: initialsOf(person.name, person.surname),
    [PERSON_MARKS.name]: person.name,
    [PERSON_MARKS.surname]: person.surname,
  };
  return template.replace(MARKS, (mark) => escapeHtml(byMark[mark] ?? ''));
}

/** Who the page is written for: the signed-in client's account, as GET /api/auth/me answers it. */
export type ClientHomeReader = (
  caller: AuthUser,
) => Promise<Pick<BaseUser, 'name' | 'surname' | 'emailVerified'>>;

/**
 * The client home with its first screen in its HTML (docs/decisions/0037-client-home-in-its-html.md), when the
 * build has it: the answer to a signed-in client's hard load of '/dashboard/inicio' with no query (a query
 * sets the directory's filters, which the built page does not show), with a confirmed mail (the page has no
 * banner asking to confirm it). Null for anyone else, who gets home.html, the SPA.
 */
export function clientHomePage(webDist: string, reader: ClientHomeReader) {
  const file = path.join(webDist, CLIENT_HOME_PAGE);
  if (!existsSync(file)) return null;
  const template = readFileSync(file, 'utf8');
  return async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (request.url.includes('?')) return false;
    // the session says the role: only a client's account is read
    const caller = await resolveUser(request);
    if (caller?.role !== ROLE.USUARIO) return false;
    const account = await reader(caller).catch(() => null);
    if (!account?.emailVerified) return false;
    const page = Buffer.from(fillClientHome(template, account));
    const encoding = negotiate(String(request.headers['accept-encoding'] ?? ''), ENCODINGS);
    reply.header('cache-control', 'private, no-cache').type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    await reply.send(encoding ? COMPRESS[encoding](page) : page);
    return true;
  };
}
