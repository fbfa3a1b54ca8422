import type * as SquareSdk from 'square';
import { onFirstUse } from '../common/on-first-use';

/** Square's SDK (a second or more to load), for a shop that takes payments through Square. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, not at start
export const squareSdk = onFirstUse(() => require('square') as typeof SquareSdk);
