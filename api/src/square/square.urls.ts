import type { AppConfig } from '../config/config.schema';
import { squareSdk } from './square-sdk';

export type SquareMode = 'sandbox' | 'production';

/** The Square REST base URL for a mode; SQUARE_BASE_URL (a local double in tests) wins. */
export function squareBaseUrl(config: AppConfig, mode: SquareMode): string {
  return config.SQUARE_BASE_URL ?? (mode === 'production' ? squareSdk().SquareEnvironment.Production : squareSdk().SquareEnvironment.Sandbox);
}

/** Where the seller authorises the app: Square's connect host for the mode, or SQUARE_BASE_URL's host. */
export function squareAuthorizeUrl(config: AppConfig, mode: SquareMode): string {
  const host = config.SQUARE_BASE_URL
    ? new URL(config.SQUARE_BASE_URL).origin
    : mode === 'production'
      ? 'https://connect.squareup.com'
      : 'https://connect.squareupsandbox.com';
  return `${host}/oauth2/authorize`;
}

/** Where Square sends the seller back after authorising. */
export function squareRedirectUri(config: AppConfig): string {
  return `${config.publicUrl}/api/square/auth/callback`;
}

/** Catalogue, stock (docs/operations.md, "Stock with Square connected"), customers, orders, payments and the merchant profile. */
export const SQUARE_OAUTH_SCOPES = [
  'MERCHANT_PROFILE_READ',
  'ITEMS_READ',
  'ITEMS_WRITE',
  'INVENTORY_READ',
  'INVENTORY_WRITE',
  'CUSTOMERS_READ',
  'CUSTOMERS_WRITE',
  'ORDERS_READ',
  'ORDERS_WRITE',
  'PAYMENTS_READ',
  'PAYMENTS_WRITE',
] as const;
