import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`: the library's enum is an ambient const enum, which verbatimModuleSyntax cannot import. */
const ARGON2ID = 2;

/** argon2id with the library's recommended cost (about 40 ms a hash on this kind of machine). */
const OPTIONS = { algorithm: ARGON2ID } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string | null | undefined, password: string): Promise<boolean> {
  if (!hashed) return false;
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}
