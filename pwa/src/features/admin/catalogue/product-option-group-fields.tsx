import { useRef } from 'react';
import { type Control, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { OPTION_CHOICES_MAX, OPTION_NAME_MAX } from '@cocoa/shared-types';
import { describedBy, Field } from '../../../ui/field';
import type { ProductFormValues } from './product-form';
import { newOptionChoice } from './product-options-form';

interface Props {
  index: number;
  control: Control<ProductFormValues>;
  register: UseFormRegister<ProductFormValues>;
  /** What the schema refuses in the options, by path ('0.name', '0.choices.1.price'...). */
  issues: ReadonlyMap<string, string>;
  onRemove: () => void;
}

/**
 * One option group in the product dialog: its name, "Required" (a drink must take one of its
 * choices), "Up to how many choices", and its choices (a name and a price change in dollars each),
 * with buttons to add and remove them. Every control is at least 44px, for the tablet.
 */
export function ProductOptionGroupFields({ index, control, register, issues, onRemove }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: `options.${index}.choices` });
  const addChoice = useRef<HTMLButtonElement>(null);
  const number = index + 1;
  const id = `product-option-${index}`;
  const at = (where: string) => issues.get(`${index}${where ? `.${where}` : ''}`);
  // The group's own problems that are no one field's: required with no room, no choices, two choices named alike.
  const groupProblem = at('min') ?? at('choices') ?? at('');

  return (
    <fieldset className="admin-fieldset admin-option-group" aria-describedby={groupProblem ? `${id}-error` : undefined}>
      <legend>Option {number}</legend>
      <div className="field-row">
        <Field id={`${id}-name`} label={`Option ${number} name (e.g. Size)`} error={at('name')}>
          <input maxLength={OPTION_NAME_MAX} autoComplete="off" {...describedBy(`${id}-name`, at('name'))} {...register(`options.${index}.name`)} />
        </Field>
        <Field id={`${id}-max`} label="Up to how many choices" error={at('max')}>
          <input type="number" inputMode="numeric" min={1} step={1} {...describedBy(`${id}-max`, at('max'))} {...register(`options.${index}.max`)} />
        </Field>
      </div>
      <label className="admin-check admin-option-group__required">
        <input type="checkbox" {...register(`options.${index}.required`)} /> Required: every drink takes at least one
      </label>
      <ul className="admin-rows admin-option-choices" aria-label={`Choices of option ${number}`}>
        {fields.map((field, choice) => {
          const choiceId = `${id}-choice-${choice}`;
          const nameError = at(`choices.${choice}.name`);
          const priceError = at(`choices.${choice}.price`);
          return (
            <li key={field.id} className="admin-option-choice">
              <Field id={`${choiceId}-name`} label={`Choice ${choice + 1}`} error={nameError}>
                <input
                  maxLength={OPTION_NAME_MAX}
                  autoComplete="off"
                  {...describedBy(`${choiceId}-name`, nameError)}
                  {...register(`options.${index}.choices.${choice}.name`)}
                />
              </Field>
              <Field id={`${choiceId}-price`} label={`Choice ${choice + 1} price change ($)`} error={priceError}>
                <input
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.00"
                  {...describedBy(`${choiceId}-price`, priceError)}
                  {...register(`options.${index}.choices.${choice}.price`)}
                />
              </Field>
              <button
                type="button"
                className="btn btn--outline btn--small-touch admin-option-choice__remove"
                aria-label={`Remove choice ${choice + 1} of option ${number}`}
                disabled={fields.length === 1}
                onClick={() => {
                  remove(choice);
                  addChoice.current?.focus();
                }}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
      {groupProblem && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {groupProblem}
        </p>
      )}
      <div className="admin-actions">
        <button
          ref={addChoice}
          type="button"
          className="btn btn--outline btn--small-touch"
          aria-label={`Add choice to option ${number}`}
          disabled={fields.length >= OPTION_CHOICES_MAX}
          onClick={() => append(newOptionChoice())}
        >
          Add choice
        </button>
        <button type="button" className="btn btn--danger btn--small-touch" aria-label={`Remove option ${number}`} onClick={onRemove}>
          Remove option
        </button>
      </div>
    </fieldset>
  );
}
