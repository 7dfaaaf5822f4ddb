import { z } from 'zod';

/**
 * The video room's signalling over STOMP (docs/api/stomp.md, Consultation signalling): the two parties of
 * a reserved consultation exchange WebRTC offers, answers and ICE candidates, and say when they join and
 * leave. The server checks who may send and subscribe, passes each signal to the other party, and stores
 * nothing.
 */

/** What a party subscribes to: the other party's signals for one consultation. */
export function consultationSignalTopic(consultationId: string): string {
  return `/topic/consultations/${consultationId}/signal`;
}

/** Where a party sends a signal for one consultation. */
export function consultationSignalDestination(consultationId: string): string {
  return `/app/consultations/${consultationId}/signal`;
}

export const CONSULTATION_SIGNAL_TOPIC = /^\/topic\/consultations\/([^/]+)\/signal$/;
export const CONSULTATION_SIGNAL_DESTINATION = /^\/app\/consultations\/([^/]+)\/signal$/;

/** An SDP is a few kilobytes; a STOMP frame holds at most 64 KiB. */
export const SIGNAL_SDP_MAX = 32_000;

const candidateSchema = z.object({
  candidate: z.string().max(2000),
  sdpMid: z.string().max(64).nullish(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullish(),
  usernameFragment: z.string().max(256).nullish(),
});

/** A signal as a party sends it. */
export const consultationSignalSchema = z.discriminatedUnion('type', [
  /** the sender has entered the room (the other answers 'here') */
  z.object({ type: z.literal('join') }),
  /** the sender is already in the room */
  z.object({ type: z.literal('here') }),
  /** the sender has left the room */
  z.object({ type: z.literal('bye') }),
  z.object({ type: z.literal('offer'), sdp: z.string().min(1).max(SIGNAL_SDP_MAX) }),
  z.object({ type: z.literal('answer'), sdp: z.string().min(1).max(SIGNAL_SDP_MAX) }),
  z.object({ type: z.literal('candidate'), candidate: candidateSchema }),
]);
export type ConsultationSignal = z.infer<typeof consultationSignalSchema>;

/** A signal as the other party receives it: the sender's user id added by the server. */
export const receivedSignalSchema = z.intersection(consultationSignalSchema, z.object({ from: z.string() }));
export type ReceivedSignal = z.infer<typeof receivedSignalSchema>;
