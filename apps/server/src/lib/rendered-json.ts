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
  const rendered = new WeakMap<T, RenderedJson<z.output<S>>>();
  return (reply: FastifyReply, value: T): FastifyReply => {
    let answer = rendered.get(value);
    if (!answer) {
      answer = RenderedJson.of(schema, toAnswer(value));
      rendered.set(value, answer);
    }
    return answer.send(reply);
  };
}

/**
 * A JSON answer kept as its bytes: what a cache of answers holds, so that a cached answer is one buffer and
 * not the many objects of its value (each object a cache keeps for seconds is one more for the collector's
 * full marking to visit). Rendered through its schema, as Fastify's serializer would have.
 */
export class RenderedJson<T> {
  private constructor(readonly body: Buffer) {}

  static of<S extends z.ZodType>(schema: S, value: z.input<S>): RenderedJson<z.output<S>> {
    return new RenderedJson(Buffer.from(JSON.stringify(schema.parse(value))));
  }

  /** Bytes put together from parts each already rendered through its schema (a page's items and its meta). */
  static joined<T>(parts: ReadonlyArray<string | Uint8Array>): RenderedJson<T> {
    return new RenderedJson(
      Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part))),
    );
  }

  /** The value again (for a caller that reads it rather than sends it). */
  value(): T {
    return JSON.parse(this.body.toString('utf8')) as T;
  }

  send(reply: FastifyReply): FastifyReply {
    return reply.type('application/json; charset=utf-8').send(this.body);
  }
}
