import { COUNTRIES, regionLabel, regionsOf } from '@cocoa/shared-types';

/** The options of a region select for the country: a prompt ("Select a province"), then its regions by name. */
export function RegionOptions({ country }: { country: string }) {
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
export function CountryOptions({ codes }: { codes?: readonly string[] }) {
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
