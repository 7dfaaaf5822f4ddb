import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * A JSON answer rendered once per value: a value that a cache hands out again (MicroCache gives every
 * caller the same object) is validated and serialized the first time only, then its bytes are sent as
 * they are. The bytes come from the route's own response schema, so they are what Fastify's serializer
 * would have sent; it skips a body that already is bytes with a JSON content type.
 */
export function jsonRenderer<T extends object, S extends z.ZodType>(
  schema: S,
  toAnswer: (value: T) => z.input<S>,
) {
  const rendered = new WeakMap<T, Buffer>();
  return (reply: FastifyReply, value: T): FastifyReply => {
    let body = rendered.get(value);
    if (!body) {
      body = Buffer.from(JSON.stringify(schema.parse(toAnswer(value))));
      rendered.set(value, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  };
}
