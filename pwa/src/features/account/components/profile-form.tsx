import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { COUNTRIES, DEFAULT_COUNTRY, postcodeLabel, profileAddressUpdateSchema, type CustomerProfile } from '@cocoa/shared-types';
import { RegionCountryRows, useAddressForm } from '../../../ui/address-options';
import { useUpdateProfile } from '../api/update-profile';
import { SubmitButton } from '../../../ui/submit-button';

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
  const form = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(profileAddressUpdateSchema),
    defaultValues: profileDefaults(profile),
  });
  const { country, text, register, errors } = useAddressForm(form, 'profile');
  return (
    <form className="form" noValidate aria-label="Profile" onSubmit={(event) => void form.handleSubmit((values) => update.mutate(values))(event)}>
      {text('email', 'Email', 'email', 'email')}
      <div className="field-row">
        {text('firstName', 'First name', 'given-name')}
        {text('lastName', 'Last name', 'family-name')}
      </div>
      {text('phone', 'Phone', 'tel', 'tel')}
      {text('address', 'Address', 'street-address')}
      <RegionCountryRows
        idPrefix="profile"
        country={country}
        city={text('city', 'City', 'address-level2')}
        postcode={text('zipCode', postcodeLabel(country), 'postal-code')}
        register={register}
        errors={errors}
      />
      <SubmitButton pending={update.isPending} busy="Saving..." label="Save Profile" />
    </form>
  );
}
