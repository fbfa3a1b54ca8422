import { type InputHTMLAttributes, useEffect } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { cardSchema, type CardInput } from '@cocoa/shared-types';
import { describedBy, Field } from '../../../ui/field';
import { formatCardNumber, formatExpiry, tokenizeTestCard, tokenOrThrow } from './card-token';
import type { CardMethod } from './card-method';

/** A registered input whose text is reformatted as it is typed (the number's spaces, the expiry's slash). */
function formattedAs<N extends string>(field: UseFormRegisterReturn<N>, format: (text: string) => string): UseFormRegisterReturn<N> {
  return {
    ...field,
    onChange: (event: { target: { value: string } }) => {
      event.target.value = format(event.target.value);
      return field.onChange(event);
    },
  };
}

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

  /** One of the card's text inputs in its labelled field (id 'card-number' for cardNumber), its error linked; `format` rewrites what is typed. */
  const cardField = (name: keyof CardInput, label: string, input: InputHTMLAttributes<HTMLInputElement>, format?: (text: string) => string) => {
    const id = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    return (
      <Field id={id} label={label} error={errors[name]?.message}>
        <input type="text" {...input} {...describedBy(id, errors[name])} {...(format ? formattedAs(register(name), format) : register(name))} />
      </Field>
    );
  };
  return (
    <fieldset className="test-card" disabled={disabled}>
      <legend>
        Card details <span className="badge badge--test">TEST MODE</span>
      </legend>
      <p className="test-card__hint">
        Payments are in test mode: no card is charged. Use <strong>4111 1111 1111 1111</strong> for a successful payment or <strong>4000 0000 0000 0002</strong>{' '}
        for a declined one, any future expiry and any CVC.
      </p>
      {cardField('cardHolder', 'Card holder', { autoComplete: 'cc-name' })}
      {cardField('cardNumber', 'Card number', { inputMode: 'numeric', autoComplete: 'cc-number', placeholder: '1234 1234 1234 1234' }, formatCardNumber)}
      <div className="field-row">
        {cardField('cardExpiry', 'Expiry (MM/YY)', { inputMode: 'numeric', autoComplete: 'cc-exp', placeholder: 'MM/YY', maxLength: 5 }, formatExpiry)}
        {cardField('cardCvc', 'CVC', { inputMode: 'numeric', autoComplete: 'cc-csc', maxLength: 4 })}
      </div>
    </fieldset>
  );
}
