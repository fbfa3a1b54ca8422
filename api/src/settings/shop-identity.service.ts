import { Injectable } from '@nestjs/common';
import {
  COUNTRY_CODES,
  type CountryCode,
  DEMO_SHOP_IDENTITY,
  type ShopIdentity,
  type ShopIdentitySaved,
  type ShopIdentitySettings,
  shopAddressLines,
  shopPhoneDisplay,
} from '@cocoa/shared-types';
import { SETTING_KEYS, SettingsService } from './settings.service';

/** Each saved field and the setting key it is kept under. */
const FIELD_KEYS = {
  name: SETTING_KEYS.shopName,
  logo: SETTING_KEYS.shopLogoImage,
  street: SETTING_KEYS.shopAddressStreet,
  city: SETTING_KEYS.shopAddressCity,
  region: SETTING_KEYS.shopAddressRegion,
  postcode: SETTING_KEYS.shopAddressPostcode,
  country: SETTING_KEYS.shopAddressCountry,
  phone: SETTING_KEYS.shopPhone,
  email: SETTING_KEYS.shopEmail,
  hours: SETTING_KEYS.shopHours,
  socialLinks: SETTING_KEYS.shopSocialLinks,
} as const satisfies Record<keyof ShopIdentitySaved, string>;

/**
 * The shop's identity as the owner sets it in Admin → Settings (name, logo, postal address, phone,
 * e-mail, opening hours, social links), kept in the settings table. Each field the owner has not
 * set shows the demo shop's value (`DEMO_SHOP_IDENTITY`); the address is one field (set when its
 * street or city is), so an owner's street never prints beside the demo's town. Read on each use
 * like every setting (within a request from its snapshot), so all replicas agree; a write clears
 * the public answers (SettingsService), so the footer, the manifest and GET /api/shop follow it.
 */
@Injectable()
export class ShopIdentityService {
  constructor(private readonly settings: SettingsService) {}

  /** The identity in force: the owner's values, the demo's where unset. */
  async get(): Promise<ShopIdentity> {
    return identityOf(await this.saved());
  }

  /** True once the owner has set the shop's name, address (street, city, postcode), phone and e-mail. */
  async isSet(): Promise<boolean> {
    return isSetOf(await this.saved());
  }

  /** What Admin → Settings shows: the saved fields ('' when unset) and the identity they give. */
  async settingsView(): Promise<ShopIdentitySettings> {
    const saved = await this.saved();
    return { saved, identity: identityOf(saved) };
  }

  /** Stores the fields (already validated by shopIdentityInputSchema); '' removes one. */
  async save(input: ShopIdentitySaved): Promise<ShopIdentitySettings> {
    const toSet: Array<[string, string]> = [];
    const toRemove: string[] = [];
    for (const field of Object.keys(FIELD_KEYS) as Array<keyof ShopIdentitySaved>) {
      const value = field === 'socialLinks' ? (input.socialLinks.length ? JSON.stringify(input.socialLinks) : '') : input[field];
      if (value === '') toRemove.push(FIELD_KEYS[field]);
      else toSet.push([FIELD_KEYS[field], value]);
    }
    for (const [key, value] of toSet) await this.settings.set(key, value);
    await this.settings.remove(...toRemove);
    return this.settingsView();
  }

  private async saved(): Promise<ShopIdentitySaved> {
    const stored = await this.settings.getMany(Object.values(FIELD_KEYS));
    const text = (field: Exclude<keyof ShopIdentitySaved, 'socialLinks' | 'country'>): string => stored[FIELD_KEYS[field]] ?? '';
    const country = stored[FIELD_KEYS.country];
    return {
      name: text('name'),
      logo: text('logo'),
      street: text('street'),
      city: text('city'),
      region: text('region'),
      postcode: text('postcode'),
      country: (COUNTRY_CODES as readonly string[]).includes(country) ? (country as CountryCode) : DEMO_SHOP_IDENTITY.address.country,
      phone: text('phone'),
      email: text('email'),
      hours: text('hours'),
      socialLinks: socialLinksOf(stored[FIELD_KEYS.socialLinks]),
    };
  }
}

function socialLinksOf(stored: string | undefined): string[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((link): link is string => typeof link === 'string') : [];
  } catch {
    return [];
  }
}

function addressIsSet(saved: ShopIdentitySaved): boolean {
  return saved.street !== '' || saved.city !== '';
}

function isSetOf(saved: ShopIdentitySaved): boolean {
  return saved.name !== '' && saved.street !== '' && saved.city !== '' && saved.postcode !== '' && saved.phone !== '' && saved.email !== '';
}

function identityOf(saved: ShopIdentitySaved): ShopIdentity {
  const demo = DEMO_SHOP_IDENTITY;
  const address = addressIsSet(saved)
    ? { street: saved.street, city: saved.city, region: saved.region, postcode: saved.postcode, country: saved.country }
    : demo.address;
  const phone = saved.phone ? shopPhoneDisplay(saved.phone, address.country) : { phone: demo.phone, phoneUri: demo.phoneUri };
  return {
    name: saved.name || demo.name,
    logo: saved.logo || null,
    address,
    addressLines: addressIsSet(saved) ? shopAddressLines(address) : demo.addressLines,
    ...phone,
    email: saved.email || demo.email,
    hours: saved.hours || demo.hours,
    socialLinks: saved.socialLinks,
    isSet: isSetOf(saved),
  };
}
