import type { Presence, PresencePush } from '@l4l/shared/schemas/chat';
import { notFound } from '../../lib/app-error.ts';
import { GroupedCalls } from '../../lib/grouped-calls.ts';
import type { ChatRepository } from './chat.repository.ts';
import type { ChatEvent } from './fanout.ts';

/** (+) Where a person's presence reaches everyone who shares a chat with them (docs/api/stomp.md). */
export const PRESENCE_QUEUE = '/user/queue/presence';

/** Live state the service reads from the socket layer (this process's sessions). */
export type PresenceSource = { isOnline(userId: string): boolean | Promise<boolean> };

/**
 * Presence: whether a person is online (on any process) and when they last connected, asked over HTTP or
 * announced over STOMP to everyone who shares a chat with them.
 */
export function createChatPresence(deps: {
  repository: ChatRepository;
  presence: PresenceSource;
  publish: (event: ChatEvent) => void;
}) {
  const { repository } = deps;
  // presence is announced on every connect and leave: a reconnect storm's readers share statements
  const counterparts = new GroupedCalls<string, string[]>(
    (userIds) => repository.counterpartsOfMany(userIds),
    { concurrency: 2, maxGroup: 500 },
  );

  /**
   * Online now (on any process), and the last connection (`known`: just written, so not read again);
   * undefined for nobody.
   */
  async function presenceOf(userId: string, known?: Date): Promise<Presence | undefined> {
    const lastConnection = known ?? (await repository.lastConnection(userId));
    if (lastConnection === undefined) return undefined;
    return {
      online: await deps.presence.isOnline(userId),
      lastConnection: lastConnection?.toISOString() ?? null,
    };
  }

  return {
    /** GET /api/users/{id}/presence: for the person themself or anyone sharing a chat with them. */
    async presence(actor: { id: string }, userId: string): Promise<Presence> {
      if (actor.id !== userId && !(await repository.sharesChat(actor.id, userId))) throw notFound();
      const presence = await presenceOf(userId);
      if (!presence) throw notFound();
      return presence;
    },

    /**
     * (+) The person came online or left: everyone who shares a chat with them is told on
     * /user/queue/presence, on every process, in one event, so 'Visto por última vez' stays right while
     * both are connected (docs/api/stomp.md, Destinations).
     */
    async announcePresence(userId: string, lastConnection?: Date): Promise<void> {
      const [presence, others] = await Promise.all([
        presenceOf(userId, lastConnection),
        counterparts.add(userId),
      ]);
      if (!presence || others.length === 0) return;
      const push: PresencePush = { userId, ...presence };
      deps.publish({
        kind: 'push',
        userIds: others,
        destination: PRESENCE_QUEUE,
        body: JSON.stringify(push),
      });
    },
  };
}
