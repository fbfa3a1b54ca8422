import { COUNTRIES } from '@cocoa/shared-types';

const countryName = (code: string) => COUNTRIES.find((c) => c.code === code)?.name ?? code;

interface Props {
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  /** Its code ('US'); shown by its name. */
  country: string;
}

/** A postal address as a letter shows it: the name, the street, 'City, ST 12345', the country's name. */
export function PostalAddress({ name, street, city, state, zip, country }: Props) {
  return (
    <address>
      {name}
      <br />
      {street}
      <br />
      {city}, {state} {zip}
      <br />
      {countryName(country)}
    </address>
  );
}
