import { Controller } from 'react-hook-form';
import { COUNTRIES, type ShopIdentityInput, shopIdentityInputSchema, type ShopIdentitySettings, SOCIAL_LINKS_MAX } from '@cocoa/shared-types';
import { describedBy, Field } from '../../../ui/field';
import { Spinner } from '../../../ui/skeleton';
import { ImageField } from '../images/image-field';
import { useSchemaForm } from '../shared/schema-resolver';
import { useSaveShopIdentity, useShopIdentitySettings } from './api/shop-identity';
import { DemoNotice } from './demo-notice';
import { CouldNot } from '../shared/query-state';

type IdentityFormValues = Omit<ShopIdentityInput, 'socialLinks'> & { socialLinks: string };

const formValues = (saved: ShopIdentitySettings['saved']): IdentityFormValues => ({ ...saved, socialLinks: saved.socialLinks.join('\n') });

/** The form's text as the call's body: the social links one per line. */
const payload = (values: IdentityFormValues): ShopIdentityInput => ({
  ...values,
  socialLinks: values.socialLinks
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
});

/**
 * The shop's identity (docs/admin.md, "The shop's identity"): the name, logo, postal address,
 * phone, e-mail, opening hours and social pages customers see in the header and footer, on the
 * About and Contact pages, in every e-mail and in search results. A field left empty shows the
 * demo shop's value; until name, address, phone and e-mail are set the shop says it is a demo.
 */
export function ShopIdentityCard() {
  const settings = useShopIdentitySettings();
  return (
    <section className="card admin-card" id="shop-identity" aria-labelledby="shop-identity-title">
      <h2 id="shop-identity-title">Shop details</h2>
      {settings.isPending ? (
        <Spinner label="Loading the shop details" />
      ) : settings.isError ? (
        <CouldNot what="load the shop details" error={settings.error} />
      ) : (
        <>
          {!settings.data.identity.isSet && <DemoNotice linkToFields={false} />}
          <ShopIdentityForm settings={settings.data} />
        </>
      )}
    </section>
  );
}

function ShopIdentityForm({ settings }: { settings: ShopIdentitySettings }) {
  const save = useSaveShopIdentity();
  const { register, control, handleSubmit, errors } = useSchemaForm<IdentityFormValues>(formValues(settings.saved), shopIdentityInputSchema, payload);
  const submit = handleSubmit((values) => save.mutate(payload(values)));
  const demo = settings.identity;

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="shop-identity-title">
      <p className="muted">Customers see these in the header and footer, on the About and Contact pages, in every e-mail and in search results.</p>
      <Field id="shop-identity-name" label="Shop name" error={errors.name?.message}>
        <input {...describedBy('shop-identity-name', errors.name)} {...register('name')} placeholder={demo.name} autoComplete="organization" />
      </Field>
      <Controller
        control={control}
        name="logo"
        render={({ field }) => <ImageField id="shop-identity-logo" label="Logo" value={field.value} onChange={field.onChange} error={errors.logo?.message} />}
      />
      <Field id="shop-identity-street" label="Address" error={errors.street?.message}>
        <input {...describedBy('shop-identity-street', errors.street)} {...register('street')} autoComplete="street-address" />
      </Field>
      <div className="field-row">
        <Field id="shop-identity-city" label="City" error={errors.city?.message}>
          <input {...describedBy('shop-identity-city', errors.city)} {...register('city')} autoComplete="address-level2" />
        </Field>
        <Field id="shop-identity-region" label="State or region" error={errors.region?.message}>
          <input {...describedBy('shop-identity-region', errors.region)} {...register('region')} autoComplete="address-level1" />
        </Field>
        <Field id="shop-identity-postcode" label="Postcode" error={errors.postcode?.message}>
          <input {...describedBy('shop-identity-postcode', errors.postcode)} {...register('postcode')} autoComplete="postal-code" />
        </Field>
      </div>
      <Field id="shop-identity-country" label="Country" error={errors.country?.message}>
        <select {...describedBy('shop-identity-country', errors.country)} {...register('country')}>
          {COUNTRIES.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </Field>
      <div className="field-row">
        <Field id="shop-identity-phone" label="Phone" error={errors.phone?.message}>
          <input type="tel" {...describedBy('shop-identity-phone', errors.phone)} {...register('phone')} autoComplete="tel" />
        </Field>
        <Field id="shop-identity-email" label="E-mail" error={errors.email?.message}>
          <input type="email" {...describedBy('shop-identity-email', errors.email)} {...register('email')} autoComplete="email" />
        </Field>
      </div>
      <Field id="shop-identity-hours" label="Opening hours" error={errors.hours?.message}>
        <textarea rows={3} {...describedBy('shop-identity-hours', errors.hours)} {...register('hours')} placeholder={demo.hours} />
      </Field>
      <Field id="shop-identity-social" label={`Social links (one https:// address per line, at most ${SOCIAL_LINKS_MAX})`} error={errors.socialLinks?.message}>
        <textarea
          rows={3}
          {...describedBy('shop-identity-social', errors.socialLinks)}
          {...register('socialLinks')}
          placeholder="https://instagram.com/yourshop"
        />
      </Field>
      <button type="submit" className="btn btn--primary" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save shop details'}
      </button>
    </form>
  );
}
