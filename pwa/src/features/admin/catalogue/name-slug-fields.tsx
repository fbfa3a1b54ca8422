import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { describedBy, Field } from '../../../ui/field';

interface NameAndSlug {
  name: string;
  slug: string;
}

/** A catalogue item's name and its slug (its address in the shop), the slug made from the name when left empty. */
export function NameSlugFields({ idPrefix, register, errors }: { idPrefix: string; register: UseFormRegister<NameAndSlug>; errors: FieldErrors<NameAndSlug> }) {
  const nameId = `${idPrefix}-name`;
  const slugId = `${idPrefix}-slug`;
  return (
    <>
      <Field id={nameId} label="Name" error={errors.name?.message}>
        <input {...describedBy(nameId, errors.name)} {...register('name')} />
      </Field>
      <Field id={slugId} label="Slug (optional, generated from the name when empty)" error={errors.slug?.message}>
        <input {...describedBy(slugId, errors.slug)} {...register('slug')} autoCapitalize="none" spellCheck={false} />
      </Field>
    </>
  );
}
