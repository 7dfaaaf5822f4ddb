import { z } from 'zod';

/** A value of the environment that stops the start: its message is the one line the operator reads. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The parsed environment a section builds its settings from, and what the caller put in place of some. */
export type SectionInput<E, O> = { e: E; production: boolean; overrides: O };

export const bool = (name: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => ['true', 'false', '1', '0', 'yes', 'no'].includes(v), {
      error: `${name} debe ser true o false`,
    })
    .transform((v) => ['true', '1', 'yes'].includes(v));

export const url = (name: string, protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { error: `${name} debe ser una URL ${protocols.map((p) => `${p}//`).join(' o ')}` },
    );

/** A whole number within [min, max] (or above 0) whose every refusal says `error`. */
export const wholeNumber = (error: string, min: number, max?: number) => {
  const atLeast = z.coerce.number({ error }).int({ error }).min(min, { error });
  return max === undefined ? atLeast : atLeast.max(max, { error });
};

/** A whole number of milliseconds within [min, max]; the message names the variable and the range. */
export const millis = (name: string, min: number, max: number) =>
  wholeNumber(`${name} debe ser un número de milisegundos entre ${min} y ${max}`, min, max);

/** A whole number of days within [min, max]; the message names the variable and the range. */
export const days = (name: string, min: number, max: number) =>
  wholeNumber(`${name} debe ser un número entero de días entre ${min} y ${max}`, min, max);

/** A whole number above 0; the message names the variable. */
export const positiveWhole = (name: string) =>
  wholeNumber(`${name} debe ser un número entero mayor que 0`, 1);

/** A value made of visible characters only, at least 16 of them (a token, a shared secret). */
export const visibleSecret = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{16,}$/, {
      error: `${name} debe tener al menos 16 caracteres visibles, sin espacios`,
    });
