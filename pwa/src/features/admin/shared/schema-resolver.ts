import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
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
