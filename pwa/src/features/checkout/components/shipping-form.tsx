import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_COUNTRY, postcodeLabel, regionsOf, shippingSchema, type CustomerProfile, type ShippingData } from '@cocoa/shared-types';
import { RegionCountryRows, useAddressForm } from '../../../ui/address-options';

export type ShippingFormValues = ShippingData;

export const EMPTY_SHIPPING: ShippingFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  country: DEFAULT_COUNTRY,
};

/**
 * Pre-fill for a signed-in buyer: the profile record, else at least the account's e-mail. The
 * country is the profile's when the shop ships there, else the first the shop ships to.
 */
export function shippingDefaults(profile: CustomerProfile | undefined, email: string | undefined, countries: readonly string[]): ShippingFormValues {
  const first = (countries[0] ?? DEFAULT_COUNTRY) as ShippingFormValues['country'];
  if (!profile) return { ...EMPTY_SHIPPING, email: email ?? '', country: first };
  const country = countries.includes(profile.address.country ?? '') ? (profile.address.country as ShippingFormValues['country']) : first;
  return {
    firstName: profile.givenName ?? '',
    lastName: profile.familyName ?? '',
    email: profile.emailAddress || email || '',
    phone: profile.phoneNumber ?? '',
    address: profile.address.line1 ?? '',
    city: profile.address.city ?? '',
    state: regionsOf(country).some((r) => r.code === profile.address.state) ? (profile.address.state as string) : '',
    zipCode: profile.address.postalCode ?? '',
    country,
  };
}

/**
 * Step 0: the shipping form, validated by the shared shipping schema (and its messages): a phone
 * that is not a valid number of the shipping country is refused here, before the payment step.
 * The values go on as typed (`raw`), so Cancel on the payment step shows the buyer their own
 * writing; the API parses them with the same schema, which keeps the phone in E.164. The region
 * and postcode follow the country chosen among those the shop ships to: a select of its states or
 * provinces under the country's word for them, none where addresses carry none (the UK).
 */
export function ShippingForm({
  defaultValues,
  countries,
  onSubmit,
}: {
  defaultValues: ShippingFormValues;
  countries: readonly string[];
  onSubmit: (data: ShippingData) => void;
}) {
  const form = useForm<ShippingFormValues, unknown, ShippingData>({
    resolver: zodResolver(shippingSchema, undefined, { raw: true }),
    defaultValues,
  });
  const { country, text, register, errors } = useAddressForm(form, 'shipping');
  return (
    <form className="form" noValidate aria-label="Shipping information" onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      <div className="field-row">
        {text('firstName', 'First name', 'shipping given-name')}
        {text('lastName', 'Last name', 'shipping family-name')}
      </div>
      <div className="field-row">
        {text('email', 'Email', 'shipping email', 'email', 'email')}
        {text('phone', 'Phone', 'shipping tel', 'tel', 'tel')}
      </div>
      {text('address', 'Address', 'shipping street-address')}
      <RegionCountryRows
        idPrefix="shipping"
        section="shipping "
        country={country}
        countries={countries}
        city={text('city', 'City', 'shipping address-level2')}
        postcode={text('zipCode', postcodeLabel(country), 'shipping postal-code', 'text', /^(US|AU|MX)$/.test(country) ? 'numeric' : undefined)}
        register={register}
        errors={errors}
      />
      <button type="submit" className="btn btn--primary btn--block btn--large">
        Continue to Payment
      </button>
    </form>
  );
}
