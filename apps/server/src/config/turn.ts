import { z } from 'zod';
import { ConfigError, type SectionInput, visibleSecret } from './fields.ts';

/** docs/operations.md, Video consultations: the STUN and TURN servers of a consultation's call. */

/** A comma list of ICE server URLs of these schemes ('turn:host:3478?transport=udp'). */
const iceUrls = (name: string, schemes: string[]) =>
  z
    .string()
    .trim()
    .transform((value) =>
      value
        .split(',')
        .map((one) => one.trim())
        .filter(Boolean),
    )
    .refine(
      (list) =>
        list.length > 0 &&
        list.every((one) =>
          schemes.some((scheme) => new RegExp(`^${scheme}:[^\\s/?#]+(\\?[\\w=&]+)?$`).test(one)),
        ),
      {
        error: `${name} debe ser una lista separada por comas de direcciones ${schemes.join(' o ')}:host[:puerto]`,
      },
    );

export const turnShape = {
  TURN_URLS: iceUrls('TURN_URLS', ['turn', 'turns']).optional(),
  TURN_SECRET: visibleSecret('TURN_SECRET').optional(),
  STUN_URLS: iceUrls('STUN_URLS', ['stun', 'stuns']).optional(),
};

export type TurnConfig = {
  /**
   * docs/operations.md, Video consultations: the ICE servers of a consultation's call. STUN_URLS (default
   * Google's public STUN); TURN_URLS with TURN_SECRET (coturn's static-auth-secret) add TURN with
   * credentials that expire
   */
  ice: { stunUrls: string[]; turnUrls: string[]; turnSecret: string | undefined };
};

type TurnEnv = z.infer<z.ZodObject<typeof turnShape>>;

export function turnSettings({ e }: SectionInput<TurnEnv, unknown>): TurnConfig {
  if (Boolean(e.TURN_URLS) !== Boolean(e.TURN_SECRET)) {
    throw new ConfigError(
      'Configuración no válida: TURN_URLS y TURN_SECRET van juntos (las direcciones del servidor TURN y su static-auth-secret).',
    );
  }
  return {
    ice: {
      // coturn answers STUN on its TURN ports too: without STUN_URLS, the TURN hosts, else Google's public one
      stunUrls:
        e.STUN_URLS ??
        (e.TURN_URLS
          ? [...new Set(e.TURN_URLS.map((one) => `stun:${one.replace(/^turns?:/, '').split('?')[0]}`))]
          : ['stun:stun.l.google.com:19302']),
      turnUrls: e.TURN_URLS ?? [],
      turnSecret: e.TURN_SECRET,
    },
  };
}
