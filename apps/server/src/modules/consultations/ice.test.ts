import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { iceServersFor } from './ice.ts';

/** docs/operations.md, Video consultations (coturn): TURN_URLS, TURN_SECRET, STUN_URLS and the credentials. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'l4l-ice-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const SECRET = 'a-coturn-static-auth-secret';

describe('ICE settings', () => {
  it('default to Google’s public STUN and no TURN', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).ice).toEqual({
      stunUrls: ['stun:stun.l.google.com:19302'],
      turnUrls: [],
      turnSecret: undefined,
    });
  });

  it('take a comma list of TURN addresses with the secret, and use their hosts for STUN', () => {
    const { ice } = loadConfig({
      DATA_DIR: dataDir,
      TURN_URLS: 'turn:turn.example.org:3478?transport=udp, turns:turn.example.org:5349',
      TURN_SECRET: SECRET,
    });
    expect(ice.turnUrls).toEqual(['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349']);
    expect(ice.stunUrls).toEqual(['stun:turn.example.org:3478', 'stun:turn.example.org:5349']);
  });

  it.each([
    [{ TURN_URLS: 'turn:turn.example.org:3478' }, /TURN_URLS y TURN_SECRET van juntos/],
    [{ TURN_SECRET: SECRET }, /TURN_URLS y TURN_SECRET van juntos/],
    [{ TURN_URLS: 'http://turn.example.org', TURN_SECRET: SECRET }, /TURN_URLS debe ser una lista/],
    [{ TURN_URLS: 'turn:x:3478', TURN_SECRET: 'corta' }, /TURN_SECRET debe tener/],
    [{ STUN_URLS: 'turn:x:3478' }, /STUN_URLS debe ser una lista/],
  ])('refuse %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(message);
  });
});

describe('iceServersFor', () => {
  it('gives coturn’s shared-secret credentials: `<expiry>:<user>` and its base64 HMAC-SHA1', () => {
    const until = new Date('2026-05-04T10:30:00Z');
    const answer = iceServersFor(
      { stunUrls: ['stun:a:3478'], turnUrls: ['turn:a:3478'], turnSecret: SECRET },
      'u1',
      until,
    );
    const username = `${until.getTime() / 1000}:u1`;
    expect(answer.iceServers).toEqual([
      { urls: ['stun:a:3478'] },
      {
        urls: ['turn:a:3478'],
        username,
        credential: createHmac('sha1', SECRET).update(username).digest('base64'),
      },
    ]);
  });

  it('holds STUN only without TURN', () => {
    const answer = iceServersFor(
      { stunUrls: ['stun:a:3478'], turnUrls: [], turnSecret: undefined },
      'u1',
      new Date(),
    );
    expect(answer).toEqual({ iceServers: [{ urls: ['stun:a:3478'] }] });
  });
});
