import { createHash } from 'node:crypto';
import { Client, type QueryResult } from 'pg';

type Callback = (err: Error | null, result?: QueryResult) => void;

/**
 * A node-postgres client that keeps each statement with parameters prepared on its connection: the
 * first use of a text parses it under a name made from the text, later uses only bind to it, so
 * the server parses and plans the checkout's statements once per connection instead of every
 * time (node-postgres's own named queries, given the name it would otherwise need by hand).
 *
 * A schema change under a kept plan (a migration run by another replica) makes PostgreSQL refuse
 * the statement once ("cached plan must not change result type"): the client then names its
 * statements afresh, so the next use parses the text again. A connection keeps at most the
 * distinct texts the app sends; the pool closes idle connections, and with them their statements.
 */
export class NamedStatementsClient extends Client {
  private generation = 0;

  // node-postgres's query has many overloads; only a text with a values array is named, every other form passes through.
  override query(...args: unknown[]): never {
    const [text, values, callback] = args;
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0) return (super.query as (...a: unknown[]) => never)(...args);
    const named = { name: `s${this.generation}_${nameOf(text)}`, text, values };
    const forgetOn = (err: unknown) => {
      if (isStalePlan(err)) this.generation += 1;
    };
    if (typeof callback === 'function') {
      return (super.query as (...a: unknown[]) => never)(named, (err: Error | null, result?: QueryResult) => {
        if (err) forgetOn(err);
        (callback as Callback)(err, result);
      });
    }
    return super.query(named).catch((err: unknown) => {
      forgetOn(err);
      throw err;
    }) as never;
  }
}

const names = new Map<string, string>();

/** A text's statement name: its hash (a name is at most 63 bytes), computed once per text. */
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = createHash('sha1').update(text).digest('base64url');
    if (names.size < 5000) names.set(text, name);
  }
  return name;
}

/** PostgreSQL's refusal of a kept plan whose answer a schema change altered (both pools forget their statements on it). */
export function isStalePlan(err: unknown): boolean {
  return err instanceof Error && (err as { code?: string }).code === '0A000' && /cached plan/.test(err.message);
}
