/** Business constants that both sides need. */
export const MIN_USERNAME_LENGTH = 3;
/** The shortest password a sign-in is checked with (older accounts); a new password follows password.ts. */
export const SIGN_IN_PASSWORD_MIN_LENGTH = 6;
export const DEFAULT_COUNTRY = 'US';
/**
 * The error code of an action refused until the user proves again who they are (POST
 * /api/auth/step-up). Here, away from the schemas, because the app's one fetch client reads it.
 */
export const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED';
export const DEFAULT_PRODUCT_SUBTITLE = 'Classic Cocoa Mix';
export const FEATURED_LIMIT = 3;
export const ORDER_ID_DISPLAY_LENGTH = 8;

/**
 * The order number people see (confirmation, e-mails, the Orders tab): the first 8 characters of
 * the order's id. Not unique by itself among many orders; links carry the whole id.
 */
export function orderNumberOf(orderId: string): string {
  return orderId.slice(0, ORDER_ID_DISPLAY_LENGTH);
}
export const PASSWORD_CHANGE_RELOAD_MS = 1500;

export const COUNTRIES = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'AU', name: 'Australia' },
  { code: 'MX', name: 'Mexico' },
] as const;
export type CountryCode = (typeof COUNTRIES)[number]['code'];
export const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as [CountryCode, ...CountryCode[]];
