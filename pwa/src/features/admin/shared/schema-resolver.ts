import { type DefaultValues, type FieldErrors, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver that converts the form's text values into the call's payload and
 * validates it with the shared zod schema of that call; issues land on their fields.
 */
export function schemaResolver<TValues extends FieldValues>(schema: z.ZodType, toPayload: (values: TValues) => unknown): Resolver<TValues> {
  return (values) => {
    const parsed = schema.safeParse(toPayload(values));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'root');
      errors[key] ??= { type: 'validation', message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<TValues> };
  };
}

/** A number field's text as the payload's number: blank is NaN, so the schema says the field is required. */
export const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/**
 * A form checked by `schema` on the call's payload (`toPayload` of its values), as `schemaResolver`
 * does; `errors` is its fields' errors, `error(name)` one's message (a payload's name too, such as a cents field).
 */
export function useSchemaForm<TValues extends FieldValues>(defaultValues: DefaultValues<TValues>, schema: z.ZodType, toPayload: (values: TValues) => unknown) {
  const form = useForm<TValues>({ defaultValues, resolver: schemaResolver<TValues>(schema, toPayload) });
  const { errors } = form.formState;
  return { ...form, errors, error: (name: string) => (errors as Record<string, { message?: string } | undefined>)[name]?.message };
}
