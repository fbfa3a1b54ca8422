/** One key per checkout attempt: 'chk_' + 32 hex characters (the server accepts 8–45 of [A-Za-z0-9_-]). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return `chk_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
