import { COUNTRIES, US_STATES } from '@cocoa/shared-types';

/** The options of a state select: a prompt, then the 50 US states by name. */
export function StateOptions() {
  return (
    <>
      <option value="">Select a state</option>
      {US_STATES.map((s) => (
        <option key={s.code} value={s.code}>
          {s.name}
        </option>
      ))}
    </>
  );
}

/** The options of a country select: the countries the shop ships to. */
export function CountryOptions() {
  return (
    <>
      {COUNTRIES.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </>
  );
}
