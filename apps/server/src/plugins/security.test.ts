import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { helmetOptions, securityHeaders } from './security.ts';

describe('security headers', () => {
  it('are exactly the headers helmet itself sets, computed once', () => {
    for (const https of [false, true]) {
      const set: Record<string, string> = {};
      const removed: string[] = [];
      helmet(helmetOptions(https))(
        {} as never,
        {
          setHeader: (name: string, value: unknown) => {
            set[name.toLowerCase()] = String(value);
          },
          removeHeader: (name: string) => removed.push(name),
        } as never,
        () => {},
      );
      expect(securityHeaders(helmetOptions(https))).toEqual(set);
    }
  });

  it("allows landing.html's one inline script by its hash, and no other inline script", async () => {
    const { createHash } = await import('node:crypto');
    const { readFile } = await import('node:fs/promises');
    const { COOKIE_CHOICE_SCRIPT } = await import('@l4l/shared/constants/cookie-choice');
    const csp = securityHeaders(helmetOptions(false))['content-security-policy'] ?? '';
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    const hash = createHash('sha256').update(COOKIE_CHOICE_SCRIPT).digest('base64');
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
    // the page carries exactly that script, in its head, before anything paints
    const html = await readFile(new URL('../../../web/landing.html', import.meta.url), 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<script>${COOKIE_CHOICE_SCRIPT}</script>`);
  });

  describe('on an https origin', () => {
    let t: Awaited<ReturnType<typeof buildTestApp>>;
    beforeAll(async () => {
      t = await buildTestApp({ publicUrl: 'https://l4l.example' });
    });
    afterAll(async () => t.close());

    it('sends HSTS and upgrade-insecure-requests, on answers, refusals and unknown paths alike', async () => {
      const answers = await Promise.all([
        t.app.inject({ method: 'GET', url: '/api/health' }),
        t.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: '{broken',
        }),
        t.app.inject({ method: 'GET', url: '/api/auth/me' }),
      ]);
      expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 400, 401]);
      for (const res of answers) {
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
        expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['cache-control']).toBe('no-store');
      }
    });
  });
});
