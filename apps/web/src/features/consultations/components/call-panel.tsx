import { consultationsWebEs } from '@l4l/shared/texts/consultations-web';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { FormMessage } from '../../../components/form/field.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import type { StompState } from '../../../lib/stomp-client.ts';
import { getIceServers } from '../api/consultations.ts';
import { type CallStatus, hasTurn, openLocalMedia, RoomCall } from '../lib/room-call.ts';
import styles from './consultations.module.css';

const t = consultationsWebEs.room;

/** A test-only switch: `?iceTransportPolicy=relay` makes the call go through TURN only (the coturn journey). */
function requestedPolicy(): RTCIceTransportPolicy | undefined {
  return new URLSearchParams(window.location.search).get('iceTransportPolicy') === 'relay'
    ? 'relay'
    : undefined;
}

type Joined = {
  call: RoomCall;
  local: MediaStream | null;
  mediaError: 'denied' | 'missing' | null;
  turn: boolean;
};

function Video({ stream, muted, label }: { stream: MediaStream | null; muted: boolean; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <div className={styles.videoBox}>
      <video ref={ref} className={styles.video} autoPlay playsInline muted={muted} aria-label={label} />
      <span className={styles.videoLabel}>{label}</span>
    </div>
  );
}

/** 'Entrar en la llamada', or 'Volver a entrar' once left, with a spinner while entering. */
function JoinButton({ left, joining, onJoin }: { left: boolean; joining: boolean; onJoin: () => void }) {
  return (
    <div>
      <Button onClick={onJoin} disabled={joining}>
        {joining ? <Spinner size="sm" /> : null}
        {left ? t.rejoin : t.join}
      </Button>
    </div>
  );
}

/** The camera and microphone switches (pressed while off; disabled without local media) and 'Salir de la llamada'. */
function CallControls({
  camera,
  mic,
  hasMedia,
  onToggle,
  onLeave,
}: {
  camera: boolean;
  mic: boolean;
  hasMedia: boolean;
  onToggle: (kind: 'video' | 'audio') => void;
  onLeave: () => void;
}) {
  return (
    <div className={styles.controls}>
      <Button
        variant="secondary"
        aria-pressed={!camera}
        disabled={!hasMedia}
        onClick={() => onToggle('video')}
      >
        {camera ? t.cameraOn : t.cameraOff}
      </Button>
      <Button variant="secondary" aria-pressed={!mic} disabled={!hasMedia} onClick={() => onToggle('audio')}>
        {mic ? t.micOn : t.micOff}
      </Button>
      <Button variant="danger" onClick={onLeave}>
        {t.leave}
      </Button>
    </div>
  );
}

/** The call itself: enter, the two videos, camera and microphone switches, leave. */
export function CallPanel({
  consultationId,
  viewerId,
  offerer,
  otherName,
}: {
  consultationId: string;
  viewerId: string;
  offerer: boolean;
  otherName: string;
}) {
  const [joined, setJoined] = useState<Joined | null>(null);
  const [joining, setJoining] = useState(false);
  const [joinError, setJoinError] = useState<string | null>(null);
  const [left, setLeft] = useState(false);
  const [status, setStatus] = useState<CallStatus>('waiting');
  const [present, setPresent] = useState(false);
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [signalling, setSignalling] = useState<StompState>('connecting');
  const [camera, setCamera] = useState(true);
  const [mic, setMic] = useState(true);
  const [refused, setRefused] = useState<string | null>(null);

  // leaving the page leaves the call and frees the camera
  useEffect(
    () => () => {
      joined?.call.leave();
      for (const track of joined?.local?.getTracks() ?? []) track.stop();
    },
    [joined],
  );

  const join = async () => {
    setJoining(true);
    setJoinError(null);
    try {
      const [media, ice] = await Promise.all([openLocalMedia(), getIceServers(consultationId)]);
      const local = 'stream' in media ? media.stream : null;
      const call = new RoomCall({
        consultationId,
        userId: viewerId,
        offerer,
        iceServers: ice.iceServers,
        iceTransportPolicy: requestedPolicy(),
        local,
        events: {
          onRemoteStream: setRemote,
          onPresence: setPresent,
          onStatus: setStatus,
          onSignalling: setSignalling,
          onRefused: setRefused,
        },
      });
      call.start();
      setLeft(false);
      setRefused(null);
      setCamera(true);
      setMic(true);
      setJoined({
        call,
        local,
        mediaError: 'error' in media ? media.error : null,
        turn: hasTurn(ice.iceServers),
      });
    } catch (error) {
      setJoinError(error instanceof Error ? error.message : t.connectFailed);
    } finally {
      setJoining(false);
    }
  };

  const leave = () => {
    setJoined(null);
    setPresent(false);
    setRemote(null);
    setStatus('waiting');
    setLeft(true);
  };

  const toggle = (kind: 'video' | 'audio') => {
    const tracks = kind === 'video' ? joined?.local?.getVideoTracks() : joined?.local?.getAudioTracks();
    const next = !(kind === 'video' ? camera : mic);
    for (const track of tracks ?? []) track.enabled = next;
    (kind === 'video' ? setCamera : setMic)(next);
  };

  if (!joined) {
    // the call's own section, not a component of its own: on leaving, React keeps the section and its
    // status line, so the same live region says that the person left
    return (
      <section className={styles.card} aria-label={t.title}>
        {left ? <p role="status">{t.left}</p> : null}
        <p className={styles.muted}>{t.privacy}</p>
        {joinError ? <FormMessage>{joinError}</FormMessage> : null}
        <JoinButton left={left} joining={joining} onJoin={join} />
      </section>
    );
  }

  const otherLabel = otherName || consultationsWebEs.room.title;
  return (
    <section className={styles.card} aria-label={t.title}>
      <p role="status" data-testid="call-presence">
        {present ? t.otherPresent(otherLabel) : t.otherAbsent(otherLabel)}
      </p>
      <p className={styles.muted} data-testid="call-status" data-status={status}>
        {status === 'connected' ? t.connected : status === 'connecting' ? t.connecting : ''}
      </p>
      {status === 'failed' ? <FormMessage>{t.connectFailed}</FormMessage> : null}
      {joined.mediaError ? (
        <FormMessage>{joined.mediaError === 'denied' ? t.mediaDenied : t.mediaMissing}</FormMessage>
      ) : null}
      {signalling === 'reconnecting' ? <FormMessage>{t.signallingDown}</FormMessage> : null}
      {refused ? <FormMessage>{refused}</FormMessage> : null}
      {!joined.turn ? <p className={styles.notice}>{t.noTurn}</p> : null}
      <div className={styles.videos}>
        <Video stream={remote} muted={false} label={otherLabel} />
        <Video stream={joined.local} muted label={t.you} />
      </div>
      <CallControls
        camera={camera}
        mic={mic}
        hasMedia={Boolean(joined.local)}
        onToggle={toggle}
        onLeave={leave}
      />
      <p className={styles.muted}>{t.privacy}</p>
    </section>
  );
}
