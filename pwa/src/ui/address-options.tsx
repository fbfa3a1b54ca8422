import { useEffect, useRef, type ReactNode } from 'react';
import { useWatch, type FieldValues, type Path, type PathValue, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { COUNTRIES, DEFAULT_COUNTRY, regionLabel, regionsOf } from '@cocoa/shared-types';
import { describedBy, Field, textInputs } from './field';

/** The options of a region select for the country: a prompt ("Select a province"), then its regions by name. */
function RegionOptions({ country }: { country: string }) {
  const label = regionLabel(country) ?? 'region';
  return (
    <>
      <option value="">Select a {label.toLowerCase()}</option>
      {regionsOf(country).map((r) => (
        <option key={r.code} value={r.code}>
          {r.name}
        </option>
      ))}
    </>
  );
}

/** The options of a country select: the countries given (the ones the shop ships to), else every one it knows. */
function CountryOptions({ codes }: { codes?: readonly string[] }) {
  return (
    <>
      {COUNTRIES.filter((c) => !codes || codes.includes(c.code)).map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </>
  );
}

/**
 * The country an address form shows, its default until one is chosen. Another country: the region
 * chosen for the last one means nothing there, so it is cleared.
 */
function useAddressCountry<T extends FieldValues & { country?: string; state?: string | null }, O>(form: UseFormReturn<T, unknown, O>): string {
  const { control, setValue } = form;
  const country = (useWatch({ control, name: 'country' as Path<T> }) as string | undefined) ?? DEFAULT_COUNTRY;
  const shownCountry = useRef(country);
  useEffect(() => {
    if (shownCountry.current === country) return;
    shownCountry.current = country;
    setValue('state' as Path<T>, '' as PathValue<T, Path<T>>);
  }, [country, setValue]);
  return country;
}

/** An address form's wiring: the country it shows, its text inputs (ids under `idPrefix`), and what RegionCountryRows takes. */
export function useAddressForm<T extends FieldValues & { country?: string; state?: string | null }, O>(form: UseFormReturn<T, unknown, O>, idPrefix: string) {
  const {
    register,
    formState: { errors },
  } = form;
  return { country: useAddressCountry(form), text: textInputs(idPrefix, register, errors), register, errors };
}

type AddressError = { message?: string } | undefined;

/**
 * The end of an address form: the city beside the country's region select (under the country's word
 * for its regions; none where addresses carry none, the UK), then the postcode beside the country
 * select. `section` prefixes the autocomplete tokens ("shipping ").
 */
export function RegionCountryRows({
  idPrefix,
  section = '',
  country,
  countries,
  city,
  postcode,
  register,
  errors,
}: {
  idPrefix: string;
  section?: string;
  country: string;
  countries?: readonly string[];
  city: ReactNode;
  postcode: ReactNode;
  register: (name: 'state' | 'country') => UseFormRegisterReturn;
  errors: { state?: AddressError; country?: AddressError };
}) {
  const region = regionLabel(country);
  return (
    <>
      <div className="field-row">
        {city}
        {region && (
          <Field id={`${idPrefix}-state`} label={region} error={errors.state?.message}>
            <select autoComplete={`${section}address-level1`} {...describedBy(`${idPrefix}-state`, errors.state)} {...register('state')}>
              <RegionOptions country={country} />
            </select>
          </Field>
        )}
      </div>
      <div className="field-row">
        {postcode}
        <Field id={`${idPrefix}-country`} label="Country" error={errors.country?.message}>
          <select autoComplete={`${section}country`} {...describedBy(`${idPrefix}-country`, errors.country)} {...register('country')}>
            <CountryOptions codes={countries} />
          </select>
        </Field>
      </div>
    </>
  );
}
