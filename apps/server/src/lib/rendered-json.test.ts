import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonRenderer } from './rendered-json.ts';

describe('jsonRenderer', () => {
  it('sends the schema-shaped JSON, rendering each value once', async () => {
    let checks = 0;
    const schema = z.object({
      data: z.array(z.object({ name: z.string() })).refine(() => {
        checks += 1;
        return true;
      }),
    });
    const send = jsonRenderer(schema, (names: Array<{ name: string; secret?: string }>) => ({ data: names }));
    const cached = [{ name: 'Lucía', secret: 'no sale' }];
    const app = Fastify();
    app.get('/cached', async (_request, reply) => send(reply, cached));
    app.get('/fresh', async (_request, reply) => send(reply, [{ name: 'José' }]));

    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'GET', url: '/cached' });
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe('{"data":[{"name":"Lucía"}]}');
    }
    expect(checks).toBe(1);
    await app.inject({ method: 'GET', url: '/fresh' });
    await app.inject({ method: 'GET', url: '/fresh' });
    expect(checks).toBe(3);
    await app.close();
  });
});
