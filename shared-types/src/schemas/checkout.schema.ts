import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { addressProblems, regionLabel } from '../address';
import { COUNTRY_CODES, type CountryCode, DEFAULT_COUNTRY } from '../constants';

/** A phone number as the shop keeps it: E.164 (`+12175550142`) and the extension typed, if any. */
export interface ParsedPhone {
  e164: string;
  ext: string | null;
}

/**
 * Reads a phone number the way people type it ("(217) 555-0142", "+44 20 7946 0018",
 * "217-555-0142 x12"), national numbers in the shipping country. Null unless libphonenumber-js
 * (its default "min" metadata: lengths and leading digits per country) finds a valid number.
 */
export function parsePhone(value: string, country: string = DEFAULT_COUNTRY): ParsedPhone | null {
  const defaultCountry = (COUNTRY_CODES as readonly string[]).includes(country) ? (country as CountryCode) : DEFAULT_COUNTRY;
  const parsed = parsePhoneNumberFromString(value, defaultCountry);
  if (!parsed?.isValid()) return null;
  return { e164: parsed.number, ext: parsed.ext ?? null };
}

/** How the shipping form's output keeps a phone: `+12175550142`, or `+12175550142 ext. 12`. */
export function formatParsedPhone(phone: ParsedPhone): string {
  return phone.ext ? `${phone.e164} ext. ${phone.ext}` : phone.e164;
}

/** A national number from each shipping country, as people write it (fictional or drama ranges). */
const PHONE_EXAMPLES: Record<CountryCode, string> = {
  US: '(217) 555-0142',
  CA: '(416) 555-0142',
  GB: '020 7946 0018',
  AU: '(02) 5550 4321',
  MX: '55 1234 5678',
};

export function phoneMessage(country: string): string {
  return `Enter a phone number we can reach, e.g. ${PHONE_EXAMPLES[country as CountryCode] ?? PHONE_EXAMPLES.US}`;
}

const PHONE_MIN = 10;
const PHONE_MAX = 30;

/**
 * Shipping form with its exact messages. The phone must also be a real number of the
 * shipping country (or carry its own +country code): the output holds it in E.164, with the
 * extension kept after " ext. ", so the shop keeps what the buyer typed and Square, whose
 * recipient phone allows 17 characters, gets the E.164 part only. The region and postcode follow
 * the country (address.ts): a region of the country where it has them (none kept where it has
 * none), a postcode of its form, and a US ZIP of the state chosen.
 */
export const shippingSchema = z
  .strictObject({
    firstName: z.string().trim().min(2, 'First name is required').max(100),
    lastName: z.string().trim().min(2, 'Last name is required').max(100),
    email: z.string().trim().max(254).email('Invalid email address'),
    phone: z.string().trim().min(PHONE_MIN, 'Valid phone number is required').max(PHONE_MAX),
    address: z.string().trim().min(5, 'Address is required').max(200),
    city: z.string().trim().min(2, 'City is required').max(100),
    state: z.string({ message: 'State is required' }).trim().max(50),
    zipCode: z.string().trim().max(20),
    country: z.enum(COUNTRY_CODES, { message: 'Country is required' }),
  })
  .superRefine((data, ctx) => {
    // A phone of the wrong length already has its own message; the others are checked here, beside
    // the other fields' messages, so the form shows them all at once.
    if (COUNTRY_CODES.includes(data.country) && typeof data.zipCode === 'string' && typeof data.state === 'string') {
      for (const problem of addressProblems(data)) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
    }
    if (typeof data.phone !== 'string' || data.phone.length < PHONE_MIN || data.phone.length > PHONE_MAX) return;
    if (!parsePhone(data.phone, data.country)) ctx.addIssue({ code: 'custom', path: ['phone'], message: phoneMessage(data.country) });
  })
  .transform((data) => ({
    ...data,
    state: regionLabel(data.country) ? data.state : '',
    phone: formatParsedPhone(parsePhone(data.phone, data.country)!),
  }));
export type ShippingData = z.infer<typeof shippingSchema>;

/**
 * Why an MM/YY expiry cannot be used today, or null: a card is good through the last day of its
 * expiry month, so a past month is refused (the test card form promises "any future expiry").
 */
export function expiryProblem(expiry: string, today: Date = new Date()): string | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry.trim());
  if (!match) return 'Expiry must be MM/YY';
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return 'Expiry month must be 01 to 12';
  const current = today.getFullYear() * 12 + today.getMonth();
  return year * 12 + (month - 1) < current ? 'Card has expired' : null;
}

/** Card form, used by the built-in test-mode card form; a past expiry month is refused. */
export const cardSchema = z.object({
  cardHolder: z.string().trim().min(2, 'Card holder is required'),
  cardNumber: z.string().trim().min(16, 'Card number must be 16 digits'),
  cardExpiry: z
    .string()
    .trim()
    .min(5, 'Expiry must be MM/YY')
    .superRefine((expiry, ctx) => {
      const problem = expiryProblem(expiry);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  cardCvc: z.string().trim().min(3, 'CVC must be 3 digits'),
});
export type CardInput = z.infer<typeof cardSchema>;
