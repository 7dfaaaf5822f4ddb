import { isStrongPassword } from '@l4l/shared/schemas/common';
import { describe, expect, it } from 'vitest';
import { PASSWORD_REQUIREMENTS } from './password-requirements.ts';

describe('PASSWORD_REQUIREMENTS', () => {
  it.each(['', 'secreta', 'SECRETA2026', 'secreta2026', 'Secreta', 'Secret1', 'Secreta2026', 'Ñandú2026x'])(
    'together they say what isStrongPassword says for %j',
    (password) => {
      expect(PASSWORD_REQUIREMENTS.every((requirement) => requirement.met(password))).toBe(
        isStrongPassword(password),
      );
    },
  );
});
