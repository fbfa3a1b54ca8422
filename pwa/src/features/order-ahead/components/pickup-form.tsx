import { useEffect, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { type PickupContactInput, pickupContactSchema, PICKUP_NAME_MAX, type StopPickup } from '@cocoa/shared-types';
import { describedBy, Field, FormFields } from '../../../ui/field';
import { PickupTimes } from './pickup-times';

interface Props {
  slots: StopPickup['slots'];
  asap: StopPickup['asap'];
  shopZone: string;
  defaultValues: PickupContactInput;
  /** Why the last time chosen was refused: shown over the fresh times. */
  slotProblem: string | null;
  /** Whether the order has drinks (checked with the form: 'Add a drink' otherwise). */
  hasLines: boolean;
  /** The menu, first in the form. */
  menu: ReactNode;
  /** The tip and the sums, after the details. */
  tipAndTotals: ReactNode;
  /** Whether the rest of the order can go on (a tip typed that cannot be taken says so itself). */
  canContinue: boolean;
  onMissingLines: (missing: boolean) => void;
  onContinue: (values: PickupContactInput) => void;
}

/**
 * The order before paying: the drinks (children), the pickup time (the first free one chosen), a
 * name for the cup and an e-mail or a phone, checked with the pickup contact schema the server
 * uses. The values go on as typed, so going back from the payment shows the customer's writing.
 */
export function PickupForm({
  slots,
  asap,
  shopZone,
  defaultValues,
  slotProblem,
  hasLines,
  menu,
  tipAndTotals,
  canContinue,
  onMissingLines,
  onContinue,
}: Props) {
  const {
    register,
    handleSubmit,
    control,
    setValue,
    getFieldState,
    formState: { errors, isSubmitted },
  } = useForm<PickupContactInput, unknown, PickupContactInput>({ resolver: zodResolver(pickupContactSchema, undefined, { raw: true }), defaultValues });
  const slotStart = useWatch({ control, name: 'slotStart' });

  // A signed-in customer's name and e-mail, known once the app has asked who is signed in: filled
  // in where the customer has not typed yet.
  const { name: knownName, email: knownEmail } = defaultValues;
  useEffect(() => {
    for (const [field, known] of [
      ['name', knownName],
      ['email', knownEmail],
    ] as const) {
      if (known && !getFieldState(field).isDirty) setValue(field, known);
    }
  }, [knownName, knownEmail, getFieldState, setValue]);

  // Fresh times (after a refusal) without the one chosen: the first free one is chosen instead.
  useEffect(() => {
    if (!slots.some((slot) => slot.start === slotStart)) setValue('slotStart', slots[0]?.start ?? '');
  }, [slots, slotStart, setValue]);

  const text = (name: 'name' | 'email' | 'phone', label: string, autoComplete: string, type: string, maxLength?: number) => (
    <Field id={`pickup-${name}`} label={label} error={errors[name]?.message}>
      <input type={type} autoComplete={autoComplete} maxLength={maxLength} {...describedBy(`pickup-${name}`, errors[name])} {...register(name)} />
    </Field>
  );

  return (
    <form
      className="form pickup-form"
      noValidate
      aria-label="Your order"
      onSubmit={(event) => {
        onMissingLines(!hasLines);
        void handleSubmit((values) => {
          if (hasLines && canContinue) onContinue(values);
        })(event);
      }}
    >
      {menu}
      {/* Not chosen before the app takes over the server's page: a choice then would be lost. */}
      <FormFields>
        <PickupTimes
          slots={slots}
          asap={asap}
          shopZone={shopZone}
          value={slotStart ?? ''}
          onChange={(start) => setValue('slotStart', start, { shouldValidate: isSubmitted })}
          problem={slotProblem ?? errors.slotStart?.message ?? null}
        />
        <section className="pickup-section" aria-labelledby="pickup-details-title">
          <h2 id="pickup-details-title">Your details</h2>
          <p className="muted">The name goes on the cup. Give an e-mail or a phone number (or both) so we can tell you when it is ready.</p>
          {text('name', 'Your name', 'given-name', 'text', PICKUP_NAME_MAX)}
          <div className="field-row">
            {text('email', 'E-mail', 'email', 'email')}
            {text('phone', 'Phone', 'tel', 'tel')}
          </div>
        </section>
      </FormFields>
      {tipAndTotals}
      <button type="submit" className="btn btn--primary btn--block btn--large">
        Continue to payment
      </button>
    </form>
  );
}
