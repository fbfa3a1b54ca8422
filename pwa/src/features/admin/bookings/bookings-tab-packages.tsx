import { type BookingPackage, type BookingPackageInput, bookingPackageInputSchema, formatCents, fromCents } from '@cocoa/shared-types';
import { describedBy, Field } from '../../../ui/field';
import { useAdminPackages } from './api/packages';
import { useSavePackage } from './api/save-package';
import { dollarsToCents } from './bookings-tab-dialogs';
import { EditorDialog } from '../shared/editor-dialog';
import { SwitchList } from '../shared/switch-list';
import { numberOf, useSchemaForm } from '../shared/schema-resolver';

export interface PackageFormValues {
  name: string;
  description: string;
  included: string;
  pricePerGuest: string;
  minimum: string;
  depositPercent: string;
  durationMinutes: string;
  minGuests: string;
  maxGuests: string;
  active: boolean;
}

const money = (cents: number | undefined) => (cents === undefined ? '' : fromCents(cents).toFixed(2));

function packageFormValues(p?: BookingPackage | null): PackageFormValues {
  return {
    name: p?.name ?? '',
    description: p?.description ?? '',
    included: p?.included.join('\n') ?? '',
    pricePerGuest: money(p?.pricePerGuestCents),
    minimum: money(p?.minimumCents),
    depositPercent: p ? String(p.depositPercent) : '',
    durationMinutes: p ? String(p.durationMinutes) : '180',
    minGuests: p ? String(p.minGuests) : '',
    maxGuests: p ? String(p.maxGuests) : '',
    active: p?.active ?? true,
  };
}

/** A typed whole number, or NaN for the schema to name; blank is NaN too (each is required) but the deposit, whose blank is "the default". */
/** Dollars to cents; not an amount → NaN (the schema's message). */
const cents = (text: string) => dollarsToCents(text) ?? Number.NaN;

/** The form's text as the call's body (the shared schema checks it). */
export function packagePayload(v: PackageFormValues): BookingPackageInput {
  return {
    name: v.name,
    description: v.description,
    included: v.included
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    pricePerGuestCents: cents(v.pricePerGuest),
    minimumCents: cents(v.minimum),
    ...(v.depositPercent.trim() === '' ? {} : { depositPercent: numberOf(v.depositPercent) }),
    durationMinutes: numberOf(v.durationMinutes),
    minGuests: numberOf(v.minGuests),
    maxGuests: numberOf(v.maxGuests),
    active: v.active,
  };
}

/** Add or edit a package: what it includes, its prices, deposit, length and guest range, and whether customers see it. */
function PackageDialog({ pkg, onClose }: { pkg: BookingPackage | null; onClose: () => void }) {
  const save = useSavePackage();
  const { register, handleSubmit, error } = useSchemaForm<PackageFormValues>(packageFormValues(pkg), bookingPackageInputSchema, packagePayload);
  // The schema names cent fields; the form shows dollars.
  const priceError = error('pricePerGuestCents');
  const minimumError = error('minimumCents');
  const submit = handleSubmit((values) => save.mutate({ id: pkg?.id, body: packagePayload(values) }, { onSuccess: onClose }));
  const id = (name: string) => `package-${name}`;
  return (
    <EditorDialog
      title={pkg ? `Edit ${pkg.name}` : 'Add a package'}
      onClose={onClose}
      busy={save.isPending}
      onSubmit={submit}
      confirmLabel={pkg ? 'Save Changes' : 'Add package'}
    >
      <Field id={id('name')} label="Name" error={error('name')}>
        <input {...describedBy(id('name'), error('name'))} {...register('name')} />
      </Field>
      <Field id={id('description')} label="Description" error={error('description')}>
        <textarea rows={3} {...describedBy(id('description'), error('description'))} {...register('description')} />
      </Field>
      <Field id={id('included')} label="Included (one item a line)" error={error('included')}>
        <textarea rows={4} {...describedBy(id('included'), error('included'))} {...register('included')} />
      </Field>
      <div className="field-row">
        <Field id={id('price')} label="Price per guest ($)" error={priceError}>
          <input inputMode="decimal" {...describedBy(id('price'), priceError)} {...register('pricePerGuest')} />
        </Field>
        <Field id={id('minimum')} label="Minimum charge ($)" error={minimumError}>
          <input inputMode="decimal" {...describedBy(id('minimum'), minimumError)} {...register('minimum')} />
        </Field>
        <Field id={id('deposit')} label="Deposit % (blank: your default)" error={error('depositPercent')}>
          <input inputMode="numeric" {...describedBy(id('deposit'), error('depositPercent'))} {...register('depositPercent')} />
        </Field>
      </div>
      <div className="field-row">
        <Field id={id('duration')} label="Duration (minutes)" error={error('durationMinutes')}>
          <input inputMode="numeric" {...describedBy(id('duration'), error('durationMinutes'))} {...register('durationMinutes')} />
        </Field>
        <Field id={id('min-guests')} label="Minimum guests" error={error('minGuests')}>
          <input inputMode="numeric" {...describedBy(id('min-guests'), error('minGuests'))} {...register('minGuests')} />
        </Field>
        <Field id={id('max-guests')} label="Maximum guests" error={error('maxGuests')}>
          <input inputMode="numeric" {...describedBy(id('max-guests'), error('maxGuests'))} {...register('maxGuests')} />
        </Field>
      </div>
      <label className="admin-switch">
        <input type="checkbox" {...register('active')} />
        Offered to customers (active)
      </label>
    </EditorDialog>
  );
}

/** The whole package as the API takes it back, with one change. */
const inputOf = (p: BookingPackage, change: Partial<BookingPackageInput>): BookingPackageInput => {
  const { id: _id, ...rest } = p;
  return { ...rest, ...change };
};

/** The packages the owner offers: each with its prices and an active switch (customers see active ones only). */
export function BookingPackages() {
  const packages = useAdminPackages();
  const save = useSavePackage();
  return (
    <SwitchList
      titleId="booking-packages-title"
      title="Packages"
      addLabel="Add package"
      query={packages}
      failed="Failed to load the packages. Please try again."
      empty="No packages yet: customers cannot book until you add one."
      nameOf={(p) => p.name}
      offBadge="Hidden"
      metaOf={(p) => (
        <>
          {formatCents(p.pricePerGuestCents)} per guest · minimum {formatCents(p.minimumCents)} · deposit {p.depositPercent}% · {p.minGuests}–{p.maxGuests}{' '}
          guests · {p.durationMinutes} min
        </>
      )}
      switchLabel="Active"
      switching={save.isPending}
      onSwitch={(p, active) => save.mutate({ id: p.id, body: inputOf(p, { active }) })}
      editor={(pkg, close) => <PackageDialog pkg={pkg} onClose={close} />}
    />
  );
}
