import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { COUNTRIES, COUNTRY_CODES, type CountryCode, DEFAULT_COUNTRY } from '../constants';
import { PRODUCT_IMAGES_PATH } from '../images';
import { SHOP_CONTACT } from '../shop';
import { formatParsedPhone, parsePhone, phoneMessage } from './checkout.schema';

/** How many social links the owner may list (Instagram, Facebook, a newsletter...). */
export const SOCIAL_LINKS_MAX = 6;

const SHOP_NAME_MAX = 80;
const HOURS_MAX = 500;
const URL_MAX = 300;

/** An https address (social links): a page people open from the footer and search engines read; '' is dropped. */
const httpsUrlSchema = z
  .string({ message: 'Each link must be text' })
  .trim()
  .max(URL_MAX, `A link may be at most ${URL_MAX} characters`)
  .refine((value) => {
    // A blank line of the form's list is dropped (the transform below), not refused.
    if (value === '') return true;
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, 'Each link must be a full https:// address, e.g. https://instagram.com/yourshop');

/** An uploaded image's path (`/uploads/products/<file>`), as the image library lists it. */
const uploadedImagePattern = new RegExp(`^${PRODUCT_IMAGES_PATH.replace(/\//g, '\\/')}[A-Za-z0-9][A-Za-z0-9._-]{0,200}$`);

/**
 * PUT /api/settings/shop-identity: the shop's identity as the owner sets it in Admin → Settings.
 * Every text may be '' (not set: customers then see the demo value of that field, see
 * `ShopIdentityService`). The phone is read as people type it in the address's country and kept in
 * E.164 (with its extension); social links must be https.
 */
export const shopIdentityInputSchema = z
  .strictObject({
    name: z.string({ message: 'Shop name must be text' }).trim().max(SHOP_NAME_MAX, `Shop name may be at most ${SHOP_NAME_MAX} characters`),
    logo: z
      .string({ message: 'Logo must be text' })
      .trim()
      .refine((value) => value === '' || (uploadedImagePattern.test(value) && !value.includes('..')), 'Choose the logo from the uploaded images'),
    street: z.string({ message: 'Address must be text' }).trim().max(120, 'Address may be at most 120 characters'),
    city: z.string({ message: 'City must be text' }).trim().max(80, 'City may be at most 80 characters'),
    region: z.string({ message: 'State or region must be text' }).trim().max(80, 'State or region may be at most 80 characters'),
    postcode: z.string({ message: 'Postcode must be text' }).trim().max(20, 'Postcode may be at most 20 characters'),
    country: z.enum(COUNTRY_CODES, { message: 'Choose a country from the list' }),
    phone: z.string({ message: 'Phone must be text' }).trim().max(30, 'Phone may be at most 30 characters'),
    email: z
      .string({ message: 'E-mail must be text' })
      .trim()
      .max(254, 'E-mail may be at most 254 characters')
      .refine((value) => value === '' || z.email().safeParse(value).success, 'Enter a valid e-mail address, e.g. hello@yourshop.com'),
    hours: z.string({ message: 'Opening hours must be text' }).trim().max(HOURS_MAX, `Opening hours may be at most ${HOURS_MAX} characters`),
    socialLinks: z
      .array(httpsUrlSchema, { message: 'Social links must be a list of addresses' })
      .max(SOCIAL_LINKS_MAX, `At most ${SOCIAL_LINKS_MAX} social links`),
  })
  .superRefine((data, ctx) => {
    if (data.phone !== '' && !parsePhone(data.phone, data.country)) ctx.addIssue({ code: 'custom', path: ['phone'], message: phoneMessage(data.country) });
  })
  .transform((data) => ({
    ...data,
    phone: data.phone === '' ? '' : formatParsedPhone(parsePhone(data.phone, data.country)!),
    socialLinks: data.socialLinks.filter((link) => link !== ''),
  }));
export type ShopIdentityInput = z.input<typeof shopIdentityInputSchema>;
export type ShopIdentitySaved = z.output<typeof shopIdentityInputSchema>;

/** The postal address as the owner set it (or the demo's). */
export const shopAddressSchema = z.object({
  street: z.string(),
  city: z.string(),
  region: z.string(),
  postcode: z.string(),
  country: z.enum(COUNTRY_CODES),
});
export type ShopAddress = z.infer<typeof shopAddressSchema>;

/**
 * GET /api/shop (public) and the `identity` of GET /api/settings/shop-identity: the shop as
 * customers see it, each field the owner's value or, while unset, the demo's.
 */
export const shopIdentitySchema = z.object({
  name: z.string(),
  /** The uploaded logo's path, or null (the app's own icon is shown). */
  logo: z.string().nullable(),
  address: shopAddressSchema,
  /** The address as printed, one line per entry. */
  addressLines: z.array(z.string()),
  /** The phone as people read it, and the `tel:` URI that dials it. */
  phone: z.string(),
  phoneUri: z.string(),
  email: z.string(),
  hours: z.string(),
  socialLinks: z.array(z.string()),
  /** False while the owner has not set name, address, phone and e-mail: the shop is a demo. */
  isSet: z.boolean(),
});
export type ShopIdentity = z.infer<typeof shopIdentitySchema>;

/** GET /api/settings/shop-identity (admin): the fields as saved ('' when unset) and the identity in force. */
export const shopIdentitySettingsSchema = z.object({
  saved: z.object({
    name: z.string(),
    logo: z.string(),
    street: z.string(),
    city: z.string(),
    region: z.string(),
    postcode: z.string(),
    country: z.enum(COUNTRY_CODES),
    phone: z.string(),
    email: z.string(),
    hours: z.string(),
    socialLinks: z.array(z.string()),
  }),
  identity: shopIdentitySchema,
});
export type ShopIdentitySettings = z.infer<typeof shopIdentitySettingsSchema>;

/** The demo shop: what customers see of each field until the owner sets it. */
export const DEMO_SHOP_IDENTITY: ShopIdentity = {
  name: SHOP_CONTACT.name,
  logo: null,
  address: { street: '1200 Cocoa Lane', city: 'Springfield', region: 'IL', postcode: '62701', country: 'US' },
  addressLines: [...SHOP_CONTACT.address],
  phone: SHOP_CONTACT.phone,
  phoneUri: SHOP_CONTACT.phoneUri,
  email: SHOP_CONTACT.email,
  hours: 'Tuesday to Saturday, 10 am to 6 pm',
  socialLinks: [],
  isSet: false,
};

/** The address as printed: the street, then "City, REGION POSTCODE", then the country when it is not the shop's default. */
export function shopAddressLines(address: ShopAddress): string[] {
  const cityLine = [address.city, [address.region, address.postcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const country = address.country === DEFAULT_COUNTRY ? '' : (COUNTRIES.find((c) => c.code === address.country)?.name ?? address.country);
  return [address.street, cityLine, country].filter((line) => line !== '');
}

/** A stored phone (E.164, maybe " ext. N") as people read it: national form at home, international abroad. */
export function shopPhoneDisplay(stored: string, country: CountryCode): { phone: string; phoneUri: string } {
  const [number, ext] = stored.split(' ext. ');
  const parsed = parsePhoneNumberFromString(number);
  if (!parsed) return { phone: stored, phoneUri: `tel:${number}` };
  const shown = parsed.country === country ? parsed.formatNational() : parsed.formatInternational();
  return { phone: ext ? `${shown} ext. ${ext}` : shown, phoneUri: ext ? `tel:${number};ext=${ext}` : `tel:${number}` };
}
