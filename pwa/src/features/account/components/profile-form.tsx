import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { COUNTRIES, DEFAULT_COUNTRY, postcodeLabel, profileAddressUpdateSchema, regionLabel, type CustomerProfile } from '@cocoa/shared-types';
import { CountryOptions, RegionOptions } from '../../../ui/address-options';
import { describedBy, Field } from '../../../ui/field';
import { useUpdateProfile } from '../api/update-profile';

type ProfileInput = z.input<typeof profileAddressUpdateSchema>;
type ProfileOutput = z.output<typeof profileAddressUpdateSchema>;

export function profileDefaults(profile: CustomerProfile): ProfileInput {
  const country = COUNTRIES.find((c) => c.code === profile.address.country)?.code ?? DEFAULT_COUNTRY;
  return {
    email: profile.emailAddress,
    firstName: profile.givenName ?? '',
    lastName: profile.familyName ?? '',
    phone: profile.phoneNumber ?? '',
    address: profile.address.line1 ?? '',
    city: profile.address.city ?? '',
    state: profile.address.state ?? '',
    zipCode: profile.address.postalCode ?? '',
    country,
  };
}

/**
 * Profile tab: e-mail required and valid, everything else optional. The region and postcode
 * follow the country (a select of its states or provinces under its word for them, none for the
 * UK), checked by the same rules as the checkout's.
 */
export function ProfileForm({ profile, reload }: { profile: CustomerProfile; reload?: () => void }) {
  const update = useUpdateProfile(reload);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors },
  } = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(profileAddressUpdateSchema),
    defaultValues: profileDefaults(profile),
  });
  const country = useWatch({ control, name: 'country' }) ?? DEFAULT_COUNTRY;
  const region = regionLabel(country);
  // Another country: the region chosen for the last one means nothing there.
  const shownCountry = useRef(country);
  useEffect(() => {
    if (shownCountry.current === country) return;
    shownCountry.current = country;
    setValue('state', '');
  }, [country, setValue]);
  const text = (name: keyof ProfileInput, label: string, autoComplete: string, type = 'text') => (
    <Field id={`profile-${name}`} label={label} error={errors[name]?.message}>
      <input type={type} autoComplete={autoComplete} {...describedBy(`profile-${name}`, errors[name])} {...register(name)} />
    </Field>
  );
  return (
    <form className="form" noValidate aria-label="Profile" onSubmit={(event) => void handleSubmit((values) => update.mutate(values))(event)}>
      {text('email', 'Email', 'email', 'email')}
      <div className="field-row">
        {text('firstName', 'First name', 'given-name')}
        {text('lastName', 'Last name', 'family-name')}
      </div>
      {text('phone', 'Phone', 'tel', 'tel')}
      {text('address', 'Address', 'street-address')}
      <div className="field-row">
        {text('city', 'City', 'address-level2')}
        {region && (
          <Field id="profile-state" label={region} error={errors.state?.message}>
            <select autoComplete="address-level1" {...describedBy('profile-state', errors.state)} {...register('state')}>
              <RegionOptions country={country} />
            </select>
          </Field>
        )}
      </div>
      <div className="field-row">
        {text('zipCode', postcodeLabel(country), 'postal-code')}
        <Field id="profile-country" label="Country" error={errors.country?.message}>
          <select autoComplete="country" {...describedBy('profile-country', errors.country)} {...register('country')}>
            <CountryOptions />
          </select>
        </Field>
      </div>
      <button type="submit" className="btn btn--primary btn--block" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Profile'}
      </button>
    </form>
  );
}
