import type { FieldErrors, FieldValues, Resolver, ResolverResult } from 'react-hook-form';
import type { z } from 'zod';
import './zod-config.ts';

/**
 * react-hook-form validation by a shared zod schema. Our forms are flat, so each issue
 * belongs to the field named by the first segment of its path, and the first issue of a field is the one
 * shown. Written here rather than taken from @hookform/resolvers because that one replaces a union's own
 * message (the price's 'El precio es obligatorio.') with the first branch's English one.
 */
async function validate<Output>(schema: z.ZodType<Output>, values: unknown) {
  const result = await schema.safeParseAsync(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'root');
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
}

/**
 * The resolver of a form checked by `schema`: the schema, or its loader (lazySchema), which then loads when
 * the form is first checked, so a screen whose forms are on screen at once does not download zod with them.
 */
export function schemaResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input> | (() => Promise<z.ZodType<Output, Input>>),
): Resolver<Input, unknown, Output> {
  return async (values) => {
    const loaded = typeof schema === 'function' ? await schema() : schema;
    return (await validate(loaded, values)) as ResolverResult<Input, Output>;
  };
}

/** For a form whose schema depends on its own values, e.g. the registration's chosen profile. */
export function schemaResolverBy<Form extends FieldValues>(
  pick: (values: Form) => z.ZodType,
): Resolver<Form> {
  return async (values) => {
    const { values: valid, errors } = await validate(pick(values), values);
    return { values: valid as Form, errors: errors as FieldErrors<Form> } as ResolverResult<Form>;
  };
}
