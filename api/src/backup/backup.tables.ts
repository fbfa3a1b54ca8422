import { SESSION_TABLE } from '../auth/session.constants';
import { RATE_LIMIT_TABLE } from '../common/rate-limit.guard';
import { SETTING_KEYS } from '../settings/settings.service';

/**
 * What a backup holds. Domain tables in dependency order (each after the tables it references):
 * a new domain table is one line here. A table found in the database that is in neither list is
 * still backed up (placed after the tables it references) and logged, so no data is left behind.
 */
export const BACKUP_TABLES = [
  'users',
  // Two-step sign-in goes with its accounts; the app's secret is sealed with the session secret, which stays with the installation.
  'second_factors',
  'recovery_codes',
  'categories',
  'products',
  'testimonials',
  'orders',
  'order_items',
  'order_events',
  'order_refunds',
  'discount_codes',
  'discount_redemptions',
  'calendars',
  'scheduled_locations',
  'pickup_slot_claims',
  'event_inquiries',
  'contact_messages',
  'inbox_replies',
  'booking_packages',
  'bookings',
  'booking_events',
  'booking_blocked_days',
  'booking_payments',
  'live_state',
  'live_events',
  // The owner's text of the legal pages (legal/legal-pages.service.ts).
  'legal_pages',
  'settings',
] as const;

/**
 * Never in a backup and never touched by a restore: live sign-ins, password-reset tokens and the
 * mail outbox (both hold reset links), the geocoding cache (rebuilt on demand), the rate-limit
 * counters (minutes-long), TypeORM's own migration log (recorded as names instead), the
 * visitors' Web Push subscriptions (made for this installation's VAPID key, kept below), the
 * owner's replayed-change keys (only matter while a tablet replays), Square's webhook events
 * (a month's record of deliveries, and the work queued for them, which the job queue holds too),
 * the accounts' recent sign-ins (a record of this installation's sessions, like them), and the
 * browsers' reports of what the pages' security policy blocked (this installation's diagnostics,
 * sent by anyone's browser).
 */
export const EXCLUDED_TABLES = [
  SESSION_TABLE,
  'password_reset_tokens',
  'mail_outbox',
  'geocode_cache',
  RATE_LIMIT_TABLE,
  'migrations',
  'push_subscriptions',
  'admin_change_keys',
  'square_webhook_events',
  'sign_ins',
  'csp_reports',
] as const;

/**
 * Settings rows that belong to this installation rather than to its data: neither written to a
 * backup nor replaced by a restore. The session secret keeps everyone's cookie valid and is the key
 * the Square tokens are encrypted with; a pending OAuth state is short-lived; the VAPID key pair is
 * what every browser's push subscription was made with (its private half sealed with that key).
 */
export const INSTALLATION_SETTINGS = [
  SETTING_KEYS.internalSessionSecret,
  SETTING_KEYS.squareOAuthState,
  SETTING_KEYS.pushVapidPublicKey,
  SETTING_KEYS.pushVapidPrivateKey,
] as const;

export const BACKUP_FORMAT = 'cocoa-shop-backup';
export const BACKUP_VERSION = 1;
