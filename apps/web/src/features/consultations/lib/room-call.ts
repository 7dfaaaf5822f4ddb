import {
  type ConsultationSignal,
  consultationSignalDestination,
  consultationSignalTopic,
  type ReceivedSignal,
  receivedSignalSchema,
} from '@l4l/shared/schemas/consultation-signal';
import { joinSharedStomp, type StompMembership, type StompState } from '../../../lib/stomp-client.ts';

/**
 * One party's side of the video call (docs/consultations.md, The video room): WebRTC between the two
 * browsers, signalled over the tab's one STOMP connection. The lawyer offers; the client answers. Each
 * side says 'join' on entering, the other answers 'here', so whoever comes second starts the call, and a
 * reload starts it again. Nothing passes through L4L but these signals (and, behind strict networks, the
 * media through the TURN relay).
 */
export type CallStatus = 'waiting' | 'connecting' | 'connected' | 'failed';

export type CallEvents = {
  onRemoteStream: (stream: MediaStream | null) => void;
  onPresence: (present: boolean) => void;
  onStatus: (status: CallStatus) => void;
  onSignalling: (state: StompState) => void;
  /** the server refused a frame of the room (its Spanish ERROR text: the room closed, not yours…) */
  onRefused: (message: string) => void;
};

export type CallOptions = {
  consultationId: string;
  userId: string;
  /** the lawyer makes the offers */
  offerer: boolean;
  iceServers: RTCIceServer[];
  /** 'relay' forces TURN (the coturn journey asks for it) */
  iceTransportPolicy?: RTCIceTransportPolicy;
  /** the camera and microphone, or null when refused (the call then only receives) */
  local: MediaStream | null;
  events: CallEvents;
};

/** How long a call may take to connect before the page says it could not. */
export const CONNECT_TIMEOUT_MS = 30_000;

export class RoomCall {
  private peer: RTCPeerConnection | null = null;
  private membership: StompMembership | null = null;
  private pendingCandidates: RTCIceCandidateInit[] = [];
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(private readonly options: CallOptions) {}

  /** The current peer connection (the journey reads its statistics). */
  get connection(): RTCPeerConnection | null {
    return this.peer;
  }

  start(): void {
    const { consultationId, userId, events } = this.options;
    this.membership = joinSharedStomp(userId, {
      onStateChange: events.onSignalling,
      onError: events.onRefused,
      onConnected: (live) => {
        live.subscribe(
          consultationSignalTopic(consultationId),
          (body) => void this.receive(body),
          // once the broker holds the subscription, the other party's answer cannot be missed
          () => this.signal({ type: 'join' }),
        );
      },
    });
    events.onStatus('waiting');
  }

  leave(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.connectTimer);
    this.membership?.leave({
      destination: consultationSignalDestination(this.options.consultationId),
      body: { type: 'bye' } satisfies ConsultationSignal,
    });
    this.membership = null;
    this.peer?.close();
    this.peer = null;
  }

  private signal(signal: ConsultationSignal): void {
    this.membership?.connection.notify(consultationSignalDestination(this.options.consultationId), signal);
  }

  private parse(body: string): ReceivedSignal | null {
    try {
      const parsed = receivedSignalSchema.safeParse(JSON.parse(body));
      return parsed.success && parsed.data.from !== this.options.userId ? parsed.data : null;
    } catch {
      return null;
    }
  }

  private async receive(body: string): Promise<void> {
    const signal = this.parse(body);
    if (!signal || this.closed) return;
    const { events, offerer } = this.options;
    switch (signal.type) {
      case 'join':
        events.onPresence(true);
        this.signal({ type: 'here' });
        if (offerer) await this.offer();
        return;
      case 'here':
        events.onPresence(true);
        if (offerer && !this.peer) await this.offer();
        return;
      case 'bye':
        events.onPresence(false);
        this.dropPeer();
        events.onStatus('waiting');
        return;
      case 'offer':
        events.onPresence(true);
        await this.answer(signal.sdp);
        return;
      case 'answer':
        await this.peer?.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
        await this.flushCandidates();
        return;
      case 'candidate':
        if (this.peer?.remoteDescription) await this.peer.addIceCandidate(signal.candidate).catch(() => {});
        else this.pendingCandidates.push(signal.candidate);
        return;
    }
  }

  private dropPeer(): void {
    clearTimeout(this.connectTimer);
    this.peer?.close();
    this.peer = null;
    this.pendingCandidates = [];
    this.options.events.onRemoteStream(null);
  }

  private newPeer(): RTCPeerConnection {
    this.dropPeer();
    const { iceServers, iceTransportPolicy, local, events } = this.options;
    const peer = new RTCPeerConnection({ iceServers, ...(iceTransportPolicy ? { iceTransportPolicy } : {}) });
    this.peer = peer;
    if (local) for (const track of local.getTracks()) peer.addTrack(track, local);
    else {
      peer.addTransceiver('audio', { direction: 'recvonly' });
      peer.addTransceiver('video', { direction: 'recvonly' });
    }
    peer.onicecandidate = (event) => {
      const found = event.candidate;
      if (!found) return;
      this.signal({
        type: 'candidate',
        candidate: {
          candidate: found.candidate,
          sdpMid: found.sdpMid,
          sdpMLineIndex: found.sdpMLineIndex,
          usernameFragment: found.usernameFragment,
        },
      });
    };
    peer.ontrack = (event) => events.onRemoteStream(event.streams[0] ?? new MediaStream([event.track]));
    peer.onconnectionstatechange = () => {
      if (peer !== this.peer) return;
      if (peer.connectionState === 'connected') {
        clearTimeout(this.connectTimer);
        events.onStatus('connected');
      } else if (peer.connectionState === 'failed') events.onStatus('failed');
    };
    events.onStatus('connecting');
    this.connectTimer = setTimeout(() => {
      if (peer === this.peer && peer.connectionState !== 'connected') events.onStatus('failed');
    }, CONNECT_TIMEOUT_MS);
    return peer;
  }

  private async offer(): Promise<void> {
    const peer = this.newPeer();
    await peer.setLocalDescription(await peer.createOffer());
    if (peer.localDescription?.sdp) this.signal({ type: 'offer', sdp: peer.localDescription.sdp });
  }

  private async answer(sdp: string): Promise<void> {
    const peer = this.newPeer();
    await peer.setRemoteDescription({ type: 'offer', sdp });
    await this.flushCandidates();
    await peer.setLocalDescription(await peer.createAnswer());
    if (peer.localDescription?.sdp) this.signal({ type: 'answer', sdp: peer.localDescription.sdp });
  }

  private async flushCandidates(): Promise<void> {
    const peer = this.peer;
    if (!peer) return;
    const waiting = this.pendingCandidates;
    this.pendingCandidates = [];
    for (const candidate of waiting) await peer.addIceCandidate(candidate).catch(() => {});
  }
}

/** The camera and microphone, or the Spanish reason they cannot be had. */
export async function openLocalMedia(): Promise<{ stream: MediaStream } | { error: 'denied' | 'missing' }> {
  try {
    if (!navigator.mediaDevices?.getUserMedia) return { error: 'missing' };
    return { stream: await navigator.mediaDevices.getUserMedia({ video: true, audio: true }) };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    return { error: name === 'NotFoundError' || name === 'OverconstrainedError' ? 'missing' : 'denied' };
  }
}

/** Whether the ICE answer holds a TURN relay (without one the page warns about strict networks). */
export function hasTurn(iceServers: readonly RTCIceServer[]): boolean {
  return iceServers.some((server) =>
    (Array.isArray(server.urls) ? server.urls : [server.urls]).some((url) => /^turns?:/.test(url)),
  );
}
