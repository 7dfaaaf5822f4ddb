import {
  consultationSignalDestination,
  consultationSignalTopic,
} from '@l4l/shared/schemas/consultation-signal';
import { consultationSignalEs } from '@l4l/shared/texts/consultation-signal';
import { es } from '@l4l/shared/texts/es';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { closeAllStomp, connectAs, settle } from '../../../test/chat-stomp.ts';
import { createAdmin, createLawyer, createUser } from '../../../test/factories.ts';
import { consultations, messages } from '../../db/schema/index.ts';

/** docs/api/stomp.md, Consultation signalling: the video room's signals over the chat's STOMP connection. */
let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(closeAllStomp);
afterAll(async () => t.close());

const MINUTE = 60_000;

/** A consultation between a new client and a new lawyer, starting `inMinutes` from now. */
async function consultation(
  inMinutes: number,
  status: 'RESERVADA' | 'CANCELADA' | 'PENDIENTE_PAGO' = 'RESERVADA',
) {
  const client = await createUser(t.app);
  const lawyer = await createLawyer(t.app);
  const start = new Date(Math.floor((Date.now() + inMinutes * MINUTE) / 1000) * 1000);
  const [row] = await t.app.db
    .insert(consultations)
    .values({
      lawyerId: lawyer.id,
      clientId: client.id,
      startAt: start,
      endAt: new Date(start.getTime() + 30 * MINUTE),
      mode: 'video',
      status,
      priceCents: 0,
    })
    .returning({ id: consultations.id });
  return { id: row!.id, client, lawyer };
}

describe('the video room’s signals', () => {
  it('pass from one party to the other only, with the sender’s id, and are stored nowhere', async () => {
    const room = await consultation(5);
    const messagesBefore = (await t.app.db.select().from(messages)).length;
    const client = await connectAs(t.app, room.client);
    const lawyer = await connectAs(t.app, room.lawyer);
    await client.subscribe(consultationSignalTopic(room.id));
    await lawyer.subscribe(consultationSignalTopic(room.id));

    await client.send(consultationSignalDestination(room.id), { type: 'join' });
    const offer = { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
    await lawyer.send(consultationSignalDestination(room.id), offer);
    const candidate = {
      candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ relay',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    await lawyer.send(consultationSignalDestination(room.id), { type: 'candidate', candidate });

    expect(await lawyer.waitForMessages(1)).toEqual([{ type: 'join', from: room.client.id }]);
    expect(await client.waitForMessages(2)).toEqual([
      { ...offer, from: room.lawyer.id },
      { type: 'candidate', candidate, from: room.lawyer.id },
    ]);
    await settle();
    // nobody hears their own signals
    expect(lawyer.messages).toHaveLength(1);
    expect(client.messages).toHaveLength(2);
    expect((await t.app.db.select().from(messages)).length).toBe(messagesBefore);
  });

  it('refuse anyone else, administrators included, with an ERROR in Spanish, and keep their session', async () => {
    const room = await consultation(5);
    for (const outsider of [await createUser(t.app), await createLawyer(t.app), await createAdmin(t.app)]) {
      const stomp = await connectAs(t.app, outsider);
      await expect(stomp.subscribe(consultationSignalTopic(room.id))).rejects.toThrow(
        consultationSignalEs.notFound,
      );
      await expect(stomp.send(consultationSignalDestination(room.id), { type: 'join' })).rejects.toThrow(
        consultationSignalEs.notFound,
      );
      await stomp.subscribe('/user/queue/notifications');
      expect(stomp.closeCode()).toBeUndefined();
    }
  });

  it('open 10 minutes before the start, only while reserved, until the end', async () => {
    const cases: Array<[Awaited<ReturnType<typeof consultation>>, string]> = [
      [await consultation(11), consultationSignalEs.notOpenYet],
      [await consultation(5, 'CANCELADA'), consultationSignalEs.notReserved],
      [await consultation(5, 'PENDIENTE_PAGO'), consultationSignalEs.notReserved],
      [await consultation(-31), consultationSignalEs.ended],
    ];
    for (const [room, message] of cases) {
      const stomp = await connectAs(t.app, room.client);
      await expect(stomp.subscribe(consultationSignalTopic(room.id))).rejects.toThrow(message);
      await expect(stomp.send(consultationSignalDestination(room.id), { type: 'join' })).rejects.toThrow(
        message,
      );
    }
    // a consultation under way (started 20 minutes ago) is open
    const ongoing = await consultation(-20);
    const stomp = await connectAs(t.app, ongoing.lawyer);
    await stomp.subscribe(consultationSignalTopic(ongoing.id));
    await stomp.send(consultationSignalDestination(ongoing.id), { type: 'here' });
  });

  it('answer bad frames with an ERROR in Spanish, never a failure', async () => {
    const room = await consultation(0);
    const stomp = await connectAs(t.app, room.client);
    const to = consultationSignalDestination(room.id);
    await expect(stomp.send(to, { type: 'shout' })).rejects.toThrow(consultationSignalEs.invalidSignal);
    await expect(stomp.send(to, { type: 'offer' })).rejects.toThrow(consultationSignalEs.invalidSignal);
    await expect(stomp.send(to, { type: 'offer', sdp: 'x'.repeat(40_000) })).rejects.toThrow(
      consultationSignalEs.invalidSignal,
    );
    await expect(stomp.send(to, 'no es json')).rejects.toThrow(consultationSignalEs.invalidSignal);
    await expect(stomp.send('/app/consultations/no-es-un-id/signal', { type: 'join' })).rejects.toThrow(
      consultationSignalEs.notFound,
    );
    await expect(stomp.subscribe('/topic/consultations/no-es-un-id/signal')).rejects.toThrow(
      consultationSignalEs.notFound,
    );
    await expect(stomp.subscribe('/topic/consultations')).rejects.toThrow(
      es.chat.unknownDestination('/topic/consultations'),
    );
    await stomp.send(to, { type: 'bye' });
    expect(stomp.closeCode()).toBeUndefined();
  });
});
