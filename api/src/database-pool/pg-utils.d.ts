/** node-postgres's own value writer (not in @types/pg): how it sends a parameter's value as text. */
declare module 'pg/lib/utils' {
  export function prepareValue(value: unknown): string | Buffer | null;
}
