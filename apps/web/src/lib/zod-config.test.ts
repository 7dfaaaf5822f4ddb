import { describe, expect, it } from 'vitest';
// zod first, as when a screen's schemas load before this module ran: the setting must still reach it
import { z } from 'zod';
import { config } from 'zod/v4/core';
import './zod-config.ts';

describe('zod-config', () => {
  it('switches off zod’s eval in the configuration zod itself reads', () => {
    expect(config().jitless).toBe(true);
  });

  it('leaves the schemas built afterwards parsing as before', () => {
    const schema = z.object({ name: z.string().min(1) });
    expect(schema.safeParse({ name: 'Lucía' }).success).toBe(true);
    expect(schema.safeParse({ name: '' }).success).toBe(false);
  });
});
