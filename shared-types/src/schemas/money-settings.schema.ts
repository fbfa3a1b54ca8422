import { z } from 'zod';
import { regionsOf } from '../address';
import { COUNTRY_CODES } from '../constants';
import type { MoneySettings } from '../money';
import { wholeNumber } from './common.schema';

/** The highest flat shipping rate and free-shipping amount the owner may set, in cents. */
const SHIPPING_CENTS_MAX = 100_000;
const FREE_SHIPPING_CENTS_MAX = 10_000_000;
/** The highest tax rate the owner may set, in percent. */
const TAX_PERCENT_MAX = 30;

const countrySchema = z.enum(COUNTRY_CODES, { message: 'Choose a country from the list' });
const regionSchema = z
  .string()
  .trim()
  .max(10)
  .nullish()
  .transform((v) => (v ? v : null));

/** A percentage with at most three decimals (8.875): what Square's order tax accepts. */
const percentSchema = z
  .number({ message: 'Tax rate must be a number' })
  .min(0, 'Tax rate must be at least 0')
  .max(TAX_PERCENT_MAX, `Tax rate must be at most ${TAX_PERCENT_MAX}`)
  .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, 'Tax rate may have at most three decimals');

/**
 * PUT /api/admin/money-settings: where the shop ships, what shipping costs there, from which
 * subtotal it is free, and the tax rates by country and region (docs/admin.md, "Shipping and
 * tax"). Amounts in cents. A rate with no region is the country's; one with a region overrides it
 * there. Every country shipped to has a rate of its own.
 */
export const moneySettingsSchema = z
  .strictObject({
    shipTo: z.array(countrySchema).min(1, 'Choose at least one country to ship to').max(COUNTRY_CODES.length),
    shippingRates: z
      .array(z.strictObject({ country: countrySchema, region: regionSchema, cents: wholeNumber('Shipping rate', 0, SHIPPING_CENTS_MAX) }))
      .max(500),
    freeShippingOverCents: wholeNumber('Free shipping over', 1, FREE_SHIPPING_CENTS_MAX).nullable(),
    taxRates: z.array(z.strictObject({ country: countrySchema, region: regionSchema, percent: percentSchema })).max(500),
  })
  .superRefine((settings, ctx) => {
    if (new Set(settings.shipTo).size !== settings.shipTo.length) ctx.addIssue({ code: 'custom', path: ['shipTo'], message: 'A country is listed twice' });
    for (const [field, rates] of [
      ['shippingRates', settings.shippingRates],
      ['taxRates', settings.taxRates],
    ] as const) {
      const seen = new Set<string>();
      rates.forEach((rate, i) => {
        const key = `${rate.country}|${rate.region ?? ''}`;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [field, i], message: 'This place has two rates' });
        seen.add(key);
        if (rate.region && !regionsOf(rate.country).some((r) => r.code === rate.region))
          ctx.addIssue({ code: 'custom', path: [field, i, 'region'], message: `${rate.region} is not a region of ${rate.country}` });
      });
    }
    for (const country of settings.shipTo) {
      if (!settings.shippingRates.some((rate) => rate.country === country && rate.region === null))
        ctx.addIssue({ code: 'custom', path: ['shippingRates'], message: `Set a shipping rate for ${country}` });
    }
  }) satisfies z.ZodType<MoneySettings, unknown>;
