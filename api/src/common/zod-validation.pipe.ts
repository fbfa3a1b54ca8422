import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { UserInputError } from './domain-errors';

/** A DTO class that carries the shared zod schema it stands for (nestjs-zod style, one line each). */
export interface ZodDtoClass<S extends z.ZodType = z.ZodType> {
  new (): z.output<S>;
  readonly schema: S;
}

export function createZodDto<S extends z.ZodType>(schema: S): ZodDtoClass<S> {
  class ZodDto {
    static readonly schema = schema;
  }
  return ZodDto as unknown as ZodDtoClass<S>;
}

/** Validates every body, query and param whose declared type is a zod DTO; 400 with the first message. */
@Injectable()
export class ZodValidationPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const schema = (metadata.metatype as Partial<ZodDtoClass> | undefined)?.schema;
    if (!schema) return value;
    if (metadata.type === 'body' && (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value))) {
      throw new UserInputError('Request body must be a JSON object');
    }
    return parseOrThrow(schema, value);
  }
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.length > 0 ? issue.path.join('.') : undefined;
  const message = issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : issue.message;
  const generic = /^Invalid input|^Expected|^Invalid option/.test(message);
  throw new UserInputError(generic && field ? `${field}: ${message}` : message);
}
