import type * as SquareSdk from 'square';

let loaded: typeof SquareSdk | undefined;

/**
 * Square's SDK, loaded on first use: it takes a second or more to load, which a shop in test mode
 * or without Square connected never needs to spend (at start, or in each test app).
 */
export function squareSdk(): typeof SquareSdk {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous load on first use, not at start
  loaded ??= require('square') as typeof SquareSdk;
  return loaded;
}
