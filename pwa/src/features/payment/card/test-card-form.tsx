import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { cardSchema, type CardInput } from '@cocoa/shared-types';
import { describedBy, Field } from '../../../ui/field';
import { formatCardNumber, formatExpiry, tokenizeTestCard, tokenOrThrow } from './card-token';
import type { CardMethod } from './card-method';

/**
 * Test mode (Square not connected): a clearly marked built-in card form. It never sees a real
 * card: only Square's sandbox test numbers tokenize, and nothing is charged.
 */
export function TestCardForm({ onReady, disabled }: { onReady: (method: CardMethod) => void; disabled: boolean }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CardInput>({
    resolver: zodResolver(cardSchema),
    defaultValues: { cardHolder: '', cardNumber: '', cardExpiry: '', cardCvc: '' },
  });

  useEffect(() => {
    onReady({
      tokenize: async () => {
        let card: CardInput | null = null;
        await handleSubmit((values) => {
          card = values;
        })();
        return card ? tokenOrThrow(tokenizeTestCard(card)) : null;
      },
    });
  }, [handleSubmit, onReady]);

  const cardNumber = register('cardNumber');
  const cardExpiry = register('cardExpiry');
  return (
    <fieldset className="test-card" disabled={disabled}>
      <legend>
        Card details <span className="badge badge--test">TEST MODE</span>
      </legend>
      <p className="test-card__hint">
        Payments are in test mode: no card is charged. Use <strong>4111 1111 1111 1111</strong> for a successful payment or <strong>4000 0000 0000 0002</strong>{' '}
        for a declined one, any future expiry and any CVC.
      </p>
      <Field id="card-holder" label="Card holder" error={errors.cardHolder?.message}>
        <input type="text" autoComplete="cc-name" {...describedBy('card-holder', errors.cardHolder)} {...register('cardHolder')} />
      </Field>
      <Field id="card-number" label="Card number" error={errors.cardNumber?.message}>
        <input
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          {...describedBy('card-number', errors.cardNumber)}
          {...cardNumber}
          onChange={(event) => {
            event.target.value = formatCardNumber(event.target.value);
            void cardNumber.onChange(event);
          }}
        />
      </Field>
      <div className="field-row">
        <Field id="card-expiry" label="Expiry (MM/YY)" error={errors.cardExpiry?.message}>
          <input
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={5}
            {...describedBy('card-expiry', errors.cardExpiry)}
            {...cardExpiry}
            onChange={(event) => {
              event.target.value = formatExpiry(event.target.value);
              void cardExpiry.onChange(event);
            }}
          />
        </Field>
        <Field id="card-cvc" label="CVC" error={errors.cardCvc?.message}>
          <input type="text" inputMode="numeric" autoComplete="cc-csc" maxLength={4} {...describedBy('card-cvc', errors.cardCvc)} {...register('cardCvc')} />
        </Field>
      </div>
    </fieldset>
  );
}
