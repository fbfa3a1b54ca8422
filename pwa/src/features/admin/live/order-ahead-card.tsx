import { PICKUP_PAUSED_MESSAGE_MAX, type PickupSettings, pickupSettingsInputSchema, pausedMessage } from '@cocoa/shared-types';
import { describedBy, Field } from '../../../ui/field';
import { numberOf, useSchemaForm } from '../shared/schema-resolver';
import { numberFields, SaveActions, SettingsCard } from '../shared/settings-form';
import { usePickupSettings } from './api/pickup-settings';
import { useSavePickupSettings } from './api/save-pickup-settings';

interface RulesFormValues {
  slotMinutes: string;
  slotCapacity: string;
  leadMinutes: string;
  pausedMessage: string;
  autoAccept: boolean;
}

const valuesOf = (s: PickupSettings): RulesFormValues => ({
  slotMinutes: String(s.slotMinutes),
  slotCapacity: String(s.slotCapacity),
  leadMinutes: String(s.leadMinutes),
  pausedMessage: s.pausedMessage ?? '',
  autoAccept: s.autoAccept,
});

function RulesForm({ settings }: { settings: PickupSettings }) {
  const save = useSavePickupSettings();
  const payload = (v: RulesFormValues, paused = settings.paused): PickupSettings => ({
    slotMinutes: numberOf(v.slotMinutes),
    slotCapacity: numberOf(v.slotCapacity),
    leadMinutes: numberOf(v.leadMinutes),
    paused,
    pausedMessage: v.pausedMessage.trim() || null,
    autoAccept: v.autoAccept,
  });
  const { register, handleSubmit, reset, errors, formState } = useSchemaForm<RulesFormValues>(valuesOf(settings), pickupSettingsInputSchema, (v) => payload(v));
  const send = (paused: boolean) => handleSubmit((values) => save.mutate(payload(values, paused), { onSuccess: (saved) => reset(valuesOf(saved)) }));
  const number = numberFields('pickup', register, errors);
  return (
    <form className="form" noValidate aria-label="Order-ahead settings" onSubmit={(event) => void send(settings.paused)(event)}>
      <div role="status" aria-live="polite" className={settings.paused ? 'admin-warning' : 'muted'}>
        {settings.paused ? (
          <p>Orders ahead are paused. Customers read: “{pausedMessage(settings)}”</p>
        ) : (
          <p>Customers can order ahead at the stops you open for it.</p>
        )}
      </div>
      <button
        type="button"
        className={`btn live-action ${settings.paused ? 'btn--primary' : 'btn--outline'}`}
        disabled={save.isPending}
        onClick={(event) => void send(!settings.paused)(event)}
      >
        {settings.paused ? 'Take orders ahead again' : 'Pause orders ahead'}
      </button>
      <Field id="pickup-pausedMessage" label="Message while paused (blank: the standard one)" error={errors.pausedMessage?.message}>
        <textarea
          rows={2}
          maxLength={PICKUP_PAUSED_MESSAGE_MAX}
          {...describedBy('pickup-pausedMessage', errors.pausedMessage)}
          {...register('pausedMessage')}
        />
      </Field>
      <div className="field-row">
        {number('slotMinutes', 'Slot length (minutes)')}
        {number('slotCapacity', 'Orders per slot')}
        {number('leadMinutes', 'Lead time (minutes)')}
      </div>
      <div className="admin-choice-row">
        <label className="admin-check">
          <input type="checkbox" aria-describedby="pickup-autoAccept-help" {...register('autoAccept')} /> Accept orders by themselves
        </label>
      </div>
      <p id="pickup-autoAccept-help" className="muted">
        Off: each new order waits as Received until you tap Accept on the pickup queue.
      </p>
      <SaveActions label="Save settings" busy={save.isPending} disabled={!formState.isDirty} />
    </form>
  );
}

/**
 * Ordering ahead, as the owner runs it from the cart: busy mode in one tap (with the words
 * customers read meanwhile), the rules pickup times follow: slot length, orders per slot, and
 * the time needed before the first slot; and whether a paid order is accepted by itself.
 */
export function OrderAheadCard() {
  const settings = usePickupSettings();
  return (
    <SettingsCard titleId="order-ahead-title" title="Orders ahead" query={settings} failed="Failed to load the order-ahead settings. Please try again.">
      {(data) => <RulesForm settings={data} />}
    </SettingsCard>
  );
}
