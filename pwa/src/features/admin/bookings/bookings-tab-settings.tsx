import { BOOKING_NOTE_MAX, type BookingSettings, bookingSettingsInputSchema } from '@cocoa/shared-types';
import { describedBy, Field } from '../../../ui/field';
import { useSaveBookingSettings } from './api/save-settings';
import { type BookingSettingsView, useBookingSettings } from './api/settings';
import { numberOf, useSchemaForm } from '../shared/schema-resolver';
import { numberFields, SaveActions, SettingsCard } from '../shared/settings-form';

interface SettingsFormValues {
  leadTimeDays: string;
  depositPercent: string;
  balanceDueDays: string;
  fullRefundDays: string;
  cancellationPolicy: string;
}

function settingsPayload(v: SettingsFormValues): BookingSettings {
  return {
    leadTimeDays: numberOf(v.leadTimeDays),
    depositPercent: numberOf(v.depositPercent),
    balanceDueDays: numberOf(v.balanceDueDays),
    fullRefundDays: numberOf(v.fullRefundDays),
    cancellationPolicy: v.cancellationPolicy.trim() || null,
  };
}

const valuesOf = (s: BookingSettingsView): SettingsFormValues => ({
  leadTimeDays: String(s.leadTimeDays),
  depositPercent: String(s.depositPercent),
  balanceDueDays: String(s.balanceDueDays),
  fullRefundDays: String(s.fullRefundDays),
  cancellationPolicy: s.cancellationPolicy ?? '',
});

function SettingsForm({ settings }: { settings: BookingSettingsView }) {
  const save = useSaveBookingSettings();
  const { register, handleSubmit, reset, errors, formState } = useSchemaForm<SettingsFormValues>(
    valuesOf(settings),
    bookingSettingsInputSchema,
    settingsPayload,
  );
  const submit = handleSubmit((values) => save.mutate(settingsPayload(values), { onSuccess: (saved) => reset(valuesOf(saved)) }));
  const number = numberFields('booking-settings', register, errors);
  return (
    <form className="form" noValidate aria-label="Booking settings" onSubmit={(event) => void submit(event)}>
      <div className="field-row">
        {number('leadTimeDays', 'Lead time (days)')}
        {number('depositPercent', 'Deposit for new packages (%)')}
        {number('balanceDueDays', 'Balance due (days before)')}
        {number('fullRefundDays', 'Full refund (days before)')}
      </div>
      <Field
        id="booking-settings-policy"
        label="Cancellation policy in your words (blank: written from the numbers)"
        error={errors.cancellationPolicy?.message}
      >
        <textarea
          rows={4}
          maxLength={BOOKING_NOTE_MAX}
          {...describedBy('booking-settings-policy', errors.cancellationPolicy)}
          {...register('cancellationPolicy')}
        />
      </Field>
      <div className="notice">
        <strong>Customers read:</strong>
        <p>{settings.policyText}</p>
      </div>
      <p className="muted">The refund a customer's cancellation gives is always worked out from the full-refund days; write your policy to match them.</p>
      <SaveActions label="Save settings" busy={save.isPending} disabled={!formState.isDirty} />
    </form>
  );
}

/** The booking settings: lead time, the default deposit, when the balance falls due, the refund policy. */
export function BookingSettingsForm() {
  const settings = useBookingSettings();
  return (
    <SettingsCard titleId="booking-settings-title" title="Booking settings" query={settings} failed="Failed to load the booking settings. Please try again.">
      {(data) => <SettingsForm settings={data} />}
    </SettingsCard>
  );
}
