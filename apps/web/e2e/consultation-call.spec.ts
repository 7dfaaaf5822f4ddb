import { consultationsWebEs as t } from '@l4l/shared/texts/consultations-web';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, FAKE_MEDIA_ARGS } from './chromium.ts';
import { shootBothWidths, signedInState } from './support.ts';

/**
 * The video room through TURN only (docs/decisions/0025-video-room-webrtc-signalling.md): two browsers with a
 * fake camera and microphone join the demo consultation under way, with `iceTransportPolicy: 'relay'`, so
 * every byte of audio and video passes through the coturn that e2e/serve.mjs runs beside the server.
 */
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS] } });

/** The demo consultation under way (apps/server/src/db/seed): a video call between these two. */
const CALL_CLIENT = 'cliente1@l4l.demo';
const CALL_LAWYER = 'lucia.garcia@l4l.demo';

type Inbound = { kind: string; bytes: number; relay: boolean };

/** Every RTCPeerConnection the page makes, kept where the journey can read their statistics. */
async function watchPeers(context: BrowserContext) {
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const peers: RTCPeerConnection[] = [];
    Object.assign(window, { __peers: peers });
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        peers.push(this);
      }
    };
  });
}

/** Bytes received per kind on the page's live connection, and whether its selected pair is relayed. */
function inbound(page: Page): Promise<Inbound[]> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
    const peer = peers.filter((one) => one.connectionState !== 'closed').at(-1);
    if (!peer) return [];
    const stats = [...(await peer.getStats()).values()] as Array<Record<string, unknown>>;
    const byId = new Map(stats.map((entry) => [entry.id, entry]));
    const pair = stats.find(
      (entry) => entry.type === 'candidate-pair' && entry.nominated && entry.state === 'succeeded',
    );
    const local = pair ? byId.get(pair.localCandidateId) : undefined;
    const remote = pair ? byId.get(pair.remoteCandidateId) : undefined;
    const relay = local?.candidateType === 'relay' && remote?.candidateType === 'relay';
    return stats
      .filter((entry) => entry.type === 'inbound-rtp')
      .map((entry) => ({ kind: String(entry.kind), bytes: Number(entry.bytesReceived ?? 0), relay }));
  });
}

async function party(context: BrowserContext, consultationId: string) {
  await watchPeers(context);
  const page = await context.newPage();
  await page.goto(`/dashboard/consultas/${consultationId}?iceTransportPolicy=relay`);
  await page.getByRole('button', { name: t.room.join }).click();
  return page;
}

test('two parties talk by video through the TURN relay only, and see each other come and go', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const options = { permissions: ['camera', 'microphone'] };
  const clientContext = await browser.newContext({
    ...options,
    storageState: await signedInState(browser, CALL_CLIENT),
  });
  const lawyerContext = await browser.newContext({
    ...options,
    storageState: await signedInState(browser, CALL_LAWYER),
  });

  // the consultation under way, and ICE servers that include the relay
  const list = await clientContext.request.get('/api/consultations?pageSize=50');
  expect(list.status()).toBe(200);
  const now = Date.now();
  const live = (
    (await list.json()).data as Array<{
      id: string;
      status: string;
      mode: string;
      start: string;
      end: string;
    }>
  ).find(
    (one) =>
      one.status === 'RESERVADA' &&
      one.mode === 'video' &&
      Date.parse(one.start) - 10 * 60_000 <= now &&
      now < Date.parse(one.end),
  );
  expect(live, 'the demo data holds a video consultation under way').toBeTruthy();
  const consultationId = live!.id;
  const ice = (await (await clientContext.request.get(`/api/consultations/${consultationId}/ice`)).json())
    .data as {
    iceServers: Array<{ urls: string | string[]; username?: string; credential?: string }>;
  };
  const turn = ice.iceServers.find((server) => [server.urls].flat().some((url) => url.startsWith('turn:')));
  if (!turn && !process.env.CI) {
    test.skip(true, 'coturn is not installed here (apt-get install coturn): the relay cannot be tested');
  }
  // in CI (.ci/run installs coturn) a missing relay is a failure, not a skip
  expect(turn, 'the server answers a TURN relay (coturn beside e2e/serve.mjs)').toBeTruthy();
  expect(turn?.username).toMatch(/^\d+:/);
  expect(turn?.credential).toBeTruthy();

  const lawyer = await party(lawyerContext, consultationId);
  await expect(lawyer.getByTestId('call-presence')).toHaveText(/^Esperando a /);
  const client = await party(clientContext, consultationId);

  for (const page of [client, lawyer]) {
    await expect(page.getByTestId('call-presence')).toHaveText(/ está en la sala$/);
    await expect(page.getByTestId('call-status')).toHaveText(t.room.connected, { timeout: 45_000 });
    await expect(page.getByText(t.room.noTurn)).toHaveCount(0);
  }
  // audio and video arrive on both sides, over relayed candidates only
  for (const page of [client, lawyer]) {
    await expect
      .poll(
        async () => {
          const received = await inbound(page);
          const bytes = (kind: string) =>
            received.filter((one) => one.kind === kind).reduce((sum, one) => sum + one.bytes, 0);
          return {
            audio: bytes('audio') > 0,
            video: bytes('video') > 0,
            relay: received.every((one) => one.relay) && received.length > 0,
          };
        },
        { timeout: 30_000 },
      )
      .toEqual({ audio: true, video: true, relay: true });
  }
  await shootBothWidths(client, 'room');

  // the camera switches off and on; leaving tells the other party
  await client.getByRole('button', { name: t.room.cameraOn }).click();
  await expect(client.getByRole('button', { name: t.room.cameraOff })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await client.getByRole('button', { name: t.room.leave }).click();
  await expect(client.getByText(t.room.left)).toBeVisible();
  await expect(lawyer.getByTestId('call-presence')).toHaveText(/^Esperando a /);

  await clientContext.close();
  await lawyerContext.close();
});
