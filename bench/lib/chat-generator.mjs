/**
 * Child process of bench/chat-10k.mjs: one of its load generators. It holds both sides of its share of
 * the pairs (so a message's send and its delivery are timed by the same clock) and answers the
 * benchmark's requests over IPC, `{id, cmd, ...}` → `{id, result}` or `{id, error}`:
 *
 * - `init {users, pairs, appPort, echoPort}`: every user (by position) and this generator's pairs;
 * - `openStomp`, `openEcho`: its users' STOMP sessions (lib/chat-load.mjs), their bare relay sockets;
 * - `drive {kind, rate, seconds, prefix}`: `rate` messages/s for `seconds` through the chat or the relay,
 *   answering the latencies and the generator's own CPU share and event-loop delay;
 * - `storm {startAt, spreadMs, rate}`: every session's socket cut at a random instant of `spreadMs` from
 *   `startAt`; the sessions come back as the web's do; once all are subscribed again, one message in
 *   every pair; answers when all were back, when the last message arrived, and the ERROR frames;
 * - `close`.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import {
  createMeter,
  DRAIN_MS,
  drive,
  openEchoSockets,
  openStompSessions,
  route,
  sendChat,
  sendEcho,
} from './chat-load.mjs';

/** how long the sessions may take to be back after a storm before the generator stops waiting */
const STORM_WAIT_MS = 90_000;

const state = {
  users: [],
  pairs: [],
  positions: [],
  stomp: new Map(),
  echo: new Map(),
  stompMeter: createMeter(),
  echoMeter: createMeter(),
  errors: [],
};

async function timed(work) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = await work();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  loop.disable();
  return {
    ...result,
    generator: {
      cpuShare: (used.user + used.system) / 1000 / wallMs,
      loopDelayP99Ms: loop.percentile(99) / 1e6,
      loopDelayMaxMs: loop.max / 1e6,
    },
  };
}

const commands = {
  init({ users, pairs, appPort, echoPort }) {
    state.users = users;
    state.pairs = pairs;
    state.positions = pairs.flat();
    state.appUrl = `ws://127.0.0.1:${appPort}/ws`;
    state.echoPort = echoPort;
    return { positions: state.positions.length };
  },

  async openStomp() {
    const started = performance.now();
    const sessions = await openStompSessions({
      url: state.appUrl,
      users: state.users,
      positions: state.positions,
      meter: state.stompMeter,
      errors: state.errors,
      reconnect: true,
    });
    for (const [i, session] of sessions.entries()) state.stomp.set(state.positions[i], session);
    return { opened: sessions.length, seconds: (performance.now() - started) / 1000 };
  },

  async openEcho() {
    const sockets = await openEchoSockets({
      port: state.echoPort,
      positions: state.positions,
      meter: state.echoMeter,
    });
    for (const [i, socket] of sockets.entries()) state.echo.set(state.positions[i], socket);
    return { opened: sockets.length };
  },

  drive({ kind, rate, seconds, prefix }) {
    const meter = kind === 'chat' ? state.stompMeter : state.echoMeter;
    const send =
      kind === 'chat'
        ? (seq) => {
            const [from, to] = route(state.pairs, seq);
            meter.sent(seq, from);
            sendChat({ session: state.stomp.get(from), users: state.users, from, to, seq, prefix });
          }
        : (seq) => {
            const [from, to] = route(state.pairs, seq);
            meter.sent(seq, from);
            sendEcho({ socket: state.echo.get(from), to, seq });
          };
    return timed(() => drive({ rate, seconds, send, meter }));
  },

  async storm({ startAt, spreadMs, rate, prefix }) {
    const sessions = [...state.stomp.values()];
    const readyBefore = new Map(sessions.map((session) => [session, session.ready]));
    const errorsBefore = state.errors.length;
    const socketErrorsBefore = sessions.reduce((sum, session) => sum + session.socketErrors, 0);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
    let dropped = 0;
    for (const session of sessions) {
      setTimeout(() => {
        // the network goes away under the session: no DISCONNECT, no close handshake
        session.client.webSocket?.terminate?.();
        dropped += 1;
      }, Math.random() * spreadMs);
    }
    const back = () => sessions.every((session) => session.ready > readyBefore.get(session));
    const deadline = startAt + STORM_WAIT_MS;
    while ((dropped < sessions.length || !back()) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const notBack = sessions.filter((session) => session.ready <= readyBefore.get(session)).length;
    const readyAt = Math.max(...sessions.map((session) => session.readyAt));
    // one message in every pair, from sessions that all came back
    const probe = notBack
      ? { total: 0, delivered: 0, lost: 0, lastAt: 0 }
      : await commands.drive({ kind: 'chat', rate, seconds: state.pairs.length / rate, prefix });
    return {
      sessions: sessions.length,
      dropped,
      notBack,
      readyAt,
      probe: { sent: probe.total, delivered: probe.delivered, lost: probe.lost, lastAt: probe.lastAt },
      errorFrames: state.errors.slice(errorsBefore),
      socketErrors: sessions.reduce((sum, session) => sum + session.socketErrors, 0) - socketErrorsBefore,
      socketErrorTexts: [
        ...new Set(sessions.map((session) => session.lastSocketError).filter(Boolean)),
      ].slice(0, 5),
    };
  },

  async close() {
    await Promise.all([...state.stomp.values()].map((session) => session.client.deactivate({ force: true })));
    for (const socket of state.echo.values()) socket.terminate();
    return { errors: state.errors.length, firstErrors: [...new Set(state.errors)].slice(0, 5) };
  },
};

process.on('message', async ({ id, cmd, ...args }) => {
  try {
    process.send({ id, result: await commands[cmd](args) });
  } catch (error) {
    process.send({ id, error: String(error?.stack ?? error) });
  }
});
// the benchmark died without stopping us: do not linger
process.on('disconnect', () => process.exit(0));
process.send({ ready: { pid: process.pid, drainMs: DRAIN_MS } });
