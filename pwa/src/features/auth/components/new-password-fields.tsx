import { type FieldError, type FieldValues, get, type Path, type UseFormReturn, useWatch } from 'react-hook-form';
import { describedBy, Field } from '../../../ui/field';
import { PasswordStrength } from '../../../ui/password-strength';
import { PasswordInput } from './password-input';

/**
 * A password being set and its confirmation (`fields`: their names in `form`, in that order, and labels), with show/hide
 * toggles ('Show new password', 'Show password confirmation') and the strength meter under the
 * first (knowing the account's own name and e-mail, `owner`). Their ids: `${id}-new`, `${id}-confirm`.
 */
export function NewPasswordFields<T extends FieldValues>({
  id,
  form: { register, control, formState },
  fields,
  owner,
}: {
  id: string;
  form: Pick<UseFormReturn<T>, 'register' | 'control' | 'formState'>;
  fields: { [name in Path<T>]?: string };
  owner: { username?: string; email?: string };
}) {
  const [[passwordName, passwordLabel], [confirmName, confirmLabel]] = Object.entries(fields) as Array<[Path<T>, string]>;
  const typed = useWatch({ control, name: passwordName }) as string;
  const both = [
    { fieldId: `${id}-new`, name: passwordName, label: passwordLabel, toggle: passwordLabel.toLowerCase() },
    { fieldId: `${id}-confirm`, name: confirmName, label: confirmLabel, toggle: 'password confirmation' },
  ];
  return both.map(({ fieldId, name, label, toggle }) => {
    const error = get<typeof formState.errors, FieldError | undefined>(formState.errors, name);
    return (
      <Field key={fieldId} id={fieldId} label={label} error={error?.message}>
        <PasswordInput toggleLabel={toggle} autoComplete="new-password" {...describedBy(fieldId, error)} {...register(name)} />
        {name === passwordName && <PasswordStrength id={`${fieldId}-strength`} password={typed} owner={owner} />}
      </Field>
    );
  });
}
