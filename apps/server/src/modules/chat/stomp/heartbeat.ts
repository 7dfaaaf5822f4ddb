import type { StompTimers } from './session-types.ts';

/** setTimeout fires at once for delays above 2^31 - 1 ms; longer waits are re-armed on expiry. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const nothing = () => {};

/** The negotiated intervals (0: that direction does not beat) and the grace before the peer is dead. */
export interface Beats {
  outgoingMs: number;
  incomingMs: number;
  graceMs: number;
}

const NO_BEATS: Beats = { outgoingMs: 0, incomingMs: 0, graceMs: 0 };

/**
 * A session's clocks: the deadline for CONNECT, and after it STOMP 1.2 "Heart-beating": a beat whenever
 * nothing else was written for the outgoing interval, and a watchdog that declares the peer dead when
 * nothing at all arrived for twice the incoming interval plus a grace. Stopped once, it stays stopped.
 */
export class SessionClock {
  lastReceivedAt: number;
  lastSentAt: number;
  private readonly timers: StompTimers;
  private readonly now: () => number;
  private connectTimer: unknown;
  private pingTimer: unknown;
  private watchdogTimer: unknown;
  private stopped = false;
  private beats: Beats = NO_BEATS;
  private ping = nothing;
  private dead = nothing;

  constructor(timers: StompTimers, now: () => number) {
    this.timers = timers;
    this.now = now;
    this.lastReceivedAt = this.lastSentAt = now();
  }

  received(): void {
    this.lastReceivedAt = this.now();
  }

  sent(): void {
    this.lastSentAt = this.now();
  }

  /** `expired` runs unless `connectDone` is called within `ms`. */
  awaitConnect(ms: number, expired: () => void): void {
    this.connectTimer = this.timers.setTimeout(() => {
      this.connectTimer = undefined;
      expired();
    }, ms);
  }

  connectDone(): void {
    this.timers.clearTimeout(this.connectTimer);
    this.connectTimer = undefined;
  }

  /** Starts both directions: `ping` writes a beat, `dead` ends a silent connection. */
  beat(beats: Beats, ping: () => void, dead: () => void): void {
    this.beats = beats;
    this.ping = ping;
    this.dead = dead;
    this.schedulePing();
    this.scheduleWatchdog();
  }

  stop(): void {
    this.stopped = true;
    for (const timer of [this.connectTimer, this.pingTimer, this.watchdogTimer]) {
      if (timer !== undefined) this.timers.clearTimeout(timer);
    }
    this.connectTimer = this.pingTimer = this.watchdogTimer = undefined;
  }

  // the timers' callbacks are made once per session: ten thousand sessions re-arm them every few seconds,
  // and a closure made at each re-arm would outlive the young collections only to be swept by a full one
  private readonly pingDue = () => {
    if (this.now() - this.lastSentAt >= this.beats.outgoingMs) this.ping();
    this.schedulePing();
  };

  private readonly watchdogDue = () => this.scheduleWatchdog();

  private schedulePing(): void {
    const interval = this.beats.outgoingMs;
    if (interval === 0 || this.stopped) return;
    this.pingTimer = this.setTimer(this.pingDue, this.lastSentAt + interval - this.now());
  }

  private scheduleWatchdog(): void {
    const { incomingMs, graceMs } = this.beats;
    if (incomingMs === 0 || this.stopped) return;
    const remaining = this.lastReceivedAt + 2 * incomingMs + graceMs - this.now();
    if (remaining <= 0) {
      this.dead();
      return;
    }
    this.watchdogTimer = this.setTimer(this.watchdogDue, remaining);
  }

  private setTimer(callback: () => void, ms: number): unknown {
    return this.timers.setTimeout(callback, Math.min(Math.max(ms, 0), MAX_TIMER_MS));
  }
}
