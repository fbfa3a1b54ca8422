import { useState } from 'react';
import { COUNTRIES, formatCents, type MoneySettings, moneySettingsSchema, regionLabel, regionName, regionsOf, toCents } from '@cocoa/shared-types';
import { describedBy, Field } from '../../../ui/field';
import { Spinner } from '../../../ui/skeleton';
import { SaveActions } from '../shared/settings-form';
import { useOwnerMoneySettings, useSaveMoneySettings } from './api/money-settings';
import { AdminCard } from '../shared/admin-card';

/** The form as typed: amounts in dollars and percentages as text, '' for none. */
interface Draft {
  shipTo: string[];
  /** Country → its flat rate in dollars. */
  rates: Record<string, string>;
  freeOver: string;
  /** Country → its country-wide tax in percent. */
  countryTax: Record<string, string>;
  /** A flat rate in dollars for one region ('US|HI'), overriding its country's. */
  regionRates: PlaceRow[];
  /** Tax in percent for one region ('US|IL'), overriding its country's. */
  regionTax: PlaceRow[];
}

/** A rate for one state or province, as typed: the place as 'US|IL' ('' until chosen) and the value. */
interface PlaceRow {
  place: string;
  value: string;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

function draftOf(settings: MoneySettings): Draft {
  return {
    shipTo: [...settings.shipTo],
    rates: Object.fromEntries(settings.shippingRates.filter((r) => r.region === null).map((r) => [r.country, dollars(r.cents)])),
    freeOver: settings.freeShippingOverCents === null ? '' : dollars(settings.freeShippingOverCents),
    countryTax: Object.fromEntries(settings.taxRates.filter((r) => r.region === null).map((r) => [r.country, String(r.percent)])),
    regionRates: settings.shippingRates.filter((r) => r.region !== null).map((r) => ({ place: `${r.country}|${r.region}`, value: dollars(r.cents) })),
    regionTax: settings.taxRates.filter((r) => r.region !== null).map((r) => ({ place: `${r.country}|${r.region}`, value: String(r.percent) })),
  };
}

/** A number typed in a field, or the field's message. */
function numberOf(text: string, what: string): number | string {
  const value = Number(text.trim().replace(/^\$/, ''));
  return text.trim() === '' || !Number.isFinite(value) ? `${what}: enter a number` : value;
}

/** Each row's country, region and number, or the first row's problem. */
function placeRowsOf(rows: readonly PlaceRow[], what: string): Array<{ country: string; region: string; value: number }> | string {
  const read = [];
  for (const row of rows) {
    const [country, region] = row.place.split('|');
    if (!region) return `Choose the state or province of each ${what}`;
    const value = numberOf(row.value, `${what} in ${regionName(country, region)}`);
    if (typeof value === 'string') return value;
    read.push({ country, region, value });
  }
  return read;
}

/** The settings the draft says, or the first thing wrong with it (checked by the API's own schema). */
function settingsOf(draft: Draft): MoneySettings | string {
  const shippingRates: MoneySettings['shippingRates'] = [];
  for (const country of draft.shipTo) {
    const rate = numberOf(draft.rates[country] ?? '', `Shipping rate to ${countryName(country)}`);
    if (typeof rate === 'string') return rate;
    shippingRates.push({ country, region: null, cents: toCents(rate) });
  }
  const regionRates = placeRowsOf(draft.regionRates, 'Shipping rate');
  if (typeof regionRates === 'string') return regionRates;
  for (const { country, region, value } of regionRates) {
    if (draft.shipTo.includes(country)) shippingRates.push({ country, region, cents: toCents(value) });
  }
  let freeShippingOverCents: number | null = null;
  if (draft.freeOver.trim() !== '') {
    const over = numberOf(draft.freeOver, 'Free shipping over');
    if (typeof over === 'string') return over;
    freeShippingOverCents = toCents(over);
  }
  const taxRates: MoneySettings['taxRates'] = [];
  for (const country of taxCountries(draft.shipTo)) {
    const text = draft.countryTax[country] ?? '';
    if (text.trim() === '') continue;
    const percent = numberOf(text, `Tax in ${countryName(country)}`);
    if (typeof percent === 'string') return percent;
    taxRates.push({ country, region: null, percent });
  }
  const regionTax = placeRowsOf(draft.regionTax, 'Tax');
  if (typeof regionTax === 'string') return regionTax;
  for (const { country, region, value } of regionTax) taxRates.push({ country, region, percent: value });
  const checked = moneySettingsSchema.safeParse({ shipTo: draft.shipTo, shippingRates, freeShippingOverCents, taxRates });
  return checked.success ? checked.data : (checked.error.issues[0]?.message ?? 'These rates cannot be saved');
}

const countryName = (code: string) => COUNTRIES.find((c) => c.code === code)?.name ?? code;

/** The countries a tax rate may be set for: the United States (pickup orders are taxed there) and those shipped to. */
const taxCountries = (shipTo: readonly string[]) => ['US', ...shipTo.filter((code) => code !== 'US')];

/**
 * Admin → Settings → Shipping (docs/admin.md, "Shipping and tax"): the countries the shop ships
 * to, a flat rate for each, free shipping over an amount, and sales tax by country and by state or
 * province. The checkout prices every order with them, as the server does.
 */
export function ShippingCard() {
  const settings = useOwnerMoneySettings();
  return (
    <AdminCard titleId="shipping-title" title="Shipping">
      {settings.isError ? (
        <p role="alert">The shipping settings could not be loaded. Reload the page to try again.</p>
      ) : !settings.data ? (
        <Spinner label="Loading the shipping settings" />
      ) : (
        <ShippingForm key={JSON.stringify(settings.data)} saved={settings.data} />
      )}
    </AdminCard>
  );
}

function ShippingForm({ saved }: { saved: MoneySettings }) {
  const save = useSaveMoneySettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [problem, setProblem] = useState<string | null>(null);
  const change = (next: Partial<Draft>) => setDraft((d) => ({ ...d, ...next }));
  // The states and provinces a rate may be set for: those of the countries shipped to (and of the US for tax).
  const withRegions = (codes: readonly string[]) => COUNTRIES.filter((c) => codes.includes(c.code) && regionLabel(c.code));
  return (
    <form
      className="form"
      noValidate
      aria-label="Shipping and tax"
      onSubmit={(event) => {
        event.preventDefault();
        const settings = settingsOf(draft);
        if (typeof settings === 'string') return setProblem(settings);
        setProblem(null);
        save.mutate(settings);
      }}
    >
      <fieldset className="admin-fieldset">
        <legend>Countries we ship to</legend>
        {COUNTRIES.map((c) => {
          const on = draft.shipTo.includes(c.code);
          const id = `shipping-rate-${c.code}`;
          return (
            <div key={c.code} className="admin-choice-row">
              <label className="admin-check">
                <input
                  type="checkbox"
                  checked={on}
                  onChange={(event) => change({ shipTo: event.target.checked ? [...draft.shipTo, c.code] : draft.shipTo.filter((code) => code !== c.code) })}
                />
                {c.name}
              </label>
              {on && (
                <Field id={id} label={`Shipping rate to ${c.name} ($)`}>
                  <input
                    id={id}
                    inputMode="decimal"
                    value={draft.rates[c.code] ?? ''}
                    onChange={(event) => change({ rates: { ...draft.rates, [c.code]: event.target.value } })}
                  />
                </Field>
              )}
            </div>
          );
        })}
        <PlaceRates
          name="shipping"
          rows={draft.regionRates}
          countries={withRegions(draft.shipTo)}
          valueLabel="Shipping rate there ($)"
          addLabel="Add a state or province shipping rate"
          onChange={(regionRates) => change({ regionRates })}
        />
      </fieldset>
      <Field id="free-shipping-over" label="Free shipping over ($)">
        <input
          id="free-shipping-over"
          inputMode="decimal"
          aria-describedby="free-shipping-over-help"
          value={draft.freeOver}
          onChange={(event) => change({ freeOver: event.target.value })}
        />
      </Field>
      <p id="free-shipping-over-help" className="muted">
        An order whose items come to this amount or more ships free. Leave it empty to always charge shipping.
        {saved.freeShippingOverCents !== null && ` Now: ${formatCents(saved.freeShippingOverCents)}.`}
      </p>
      <fieldset className="admin-fieldset">
        <legend>Sales tax</legend>
        <p className="muted">
          Tax is worked out on the items (not shipping) at the buyer&apos;s state or province, else at their country&apos;s rate; a pickup order at the
          stop&apos;s state. No rate: no tax.
        </p>
        {taxCountries(draft.shipTo).map((code) => (
          <Field key={code} id={`tax-${code}`} label={`Tax in ${countryName(code)} (%)`}>
            <input
              id={`tax-${code}`}
              inputMode="decimal"
              value={draft.countryTax[code] ?? ''}
              onChange={(event) => change({ countryTax: { ...draft.countryTax, [code]: event.target.value } })}
            />
          </Field>
        ))}
        <PlaceRates
          name="tax"
          rows={draft.regionTax}
          countries={withRegions(taxCountries(draft.shipTo))}
          valueLabel="Tax there (%)"
          addLabel="Add a state or province tax rate"
          onChange={(regionTax) => change({ regionTax })}
        />
      </fieldset>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      <SaveActions label="Save Shipping" busy={save.isPending} />
    </form>
  );
}

/**
 * Rates for single states or provinces, one row each (place, value, Remove), and a button that adds
 * a row. The places are the regions of the countries given, grouped by country.
 */
function PlaceRates(props: {
  name: string;
  rows: readonly PlaceRow[];
  countries: ReadonlyArray<{ code: string; name: string }>;
  valueLabel: string;
  addLabel: string;
  onChange: (rows: PlaceRow[]) => void;
}) {
  const { name, rows, countries, valueLabel, addLabel, onChange } = props;
  const edit = (i: number, next: Partial<PlaceRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...next } : r)));
  return (
    <>
      {rows.map((row, i) => {
        const [country, region] = row.place.split('|');
        return (
          <div key={i} className="field-row">
            <Field id={`${name}-place-${i}`} label="State or province">
              <select {...describedBy(`${name}-place-${i}`)} value={row.place} onChange={(event) => edit(i, { place: event.target.value })}>
                <option value="">Choose a place</option>
                {countries.map((c) => (
                  <optgroup key={c.code} label={c.name}>
                    {regionsOf(c.code).map((r) => (
                      <option key={r.code} value={`${c.code}|${r.code}`}>
                        {r.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </Field>
            <Field id={`${name}-value-${i}`} label={valueLabel}>
              <input id={`${name}-value-${i}`} inputMode="decimal" value={row.value} onChange={(event) => edit(i, { value: event.target.value })} />
            </Field>
            <button
              type="button"
              className="link-btn"
              aria-label={`Remove the rate for ${region ? regionName(country, region) : 'this place'}`}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              Remove
            </button>
          </div>
        );
      })}
      <button type="button" className="btn btn--outline" onClick={() => onChange([...rows, { place: '', value: '' }])}>
        {addLabel}
      </button>
    </>
  );
}
