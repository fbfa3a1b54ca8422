import { useRef } from 'react';
import { type Control, type UseFormRegister, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { OPTION_GROUPS_MAX } from '@cocoa/shared-types';
import { ProductOptionGroupFields } from './product-option-group-fields';
import type { ProductFormValues } from './product-form';
import { newOptionGroup, optionIssues } from './product-options-form';

interface Props {
  control: Control<ProductFormValues>;
  register: UseFormRegister<ProductFormValues>;
}

/**
 * "Options at the cart": the drink's option groups (size, milk, toppings), each with its choices
 * and their price changes, for the stop's order-ahead menu. Shown for every product; they matter
 * when it is sold at the cart. Once a save is tried, what the shared schema refuses is said beside
 * the field it is about, and kept up to date as the owner types.
 */
export function ProductOptionsFields({ control, register }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: 'options' });
  const groups = useWatch({ control, name: 'options' });
  const { errors } = useFormState({ control, name: 'options' });
  const issues = errors.options ? optionIssues(groups ?? []) : new Map<string, string>();
  const addButton = useRef<HTMLButtonElement>(null);
  const listProblem = issues.get('');

  return (
    <fieldset className="admin-fieldset admin-options" aria-describedby="product-options-hint">
      <legend>Options at the cart</legend>
      <p className="muted" id="product-options-hint">
        Size, milk, toppings: what a customer chooses when ordering this drink ahead. A choice may change the price (0.75 adds $0.75, -0.50 takes 50¢ off; blank
        is no change).
      </p>
      {fields.length === 0 && <p className="muted">No options: the drink is ordered as it is.</p>}
      {fields.map((field, index) => (
        <ProductOptionGroupFields
          key={field.id}
          index={index}
          control={control}
          register={register}
          issues={issues}
          onRemove={() => {
            remove(index);
            addButton.current?.focus();
          }}
        />
      ))}
      {listProblem && (
        <p className="field__error" role="alert">
          {listProblem}
        </p>
      )}
      <div className="admin-actions">
        <button
          ref={addButton}
          type="button"
          className="btn btn--outline btn--small-touch"
          disabled={fields.length >= OPTION_GROUPS_MAX}
          onClick={() => append(newOptionGroup())}
        >
          Add option
        </button>
      </div>
    </fieldset>
  );
}
