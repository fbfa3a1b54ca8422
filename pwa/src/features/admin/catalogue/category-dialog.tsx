import { Controller } from 'react-hook-form';
import { categoryCreateSchema, type Category, type CategoryCreate } from '@cocoa/shared-types';
import { describedBy, Field } from '../../../ui/field';
import { useCreateCategory, useUpdateCategory } from './api/catalogue-changes';
import { EditorDialog } from '../shared/editor-dialog';
import { ImageField } from '../images/image-field';
import { useSchemaForm } from '../shared/schema-resolver';
import { NameSlugFields } from './name-slug-fields';

export interface CategoryFormValues {
  name: string;
  slug: string;
  description: string;
  imageUrl: string;
}

const categoryPayload = (values: CategoryFormValues): CategoryCreate => values;

/** Create or edit a category: update when a category is given, create otherwise. */
export function CategoryDialog({ category, onClose }: { category?: Category | null; onClose: () => void }) {
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const saving = create.isPending || update.isPending;
  const { register, control, handleSubmit, errors } = useSchemaForm<CategoryFormValues>(
    {
      name: category?.name ?? '',
      slug: category?.slug ?? '',
      description: category?.description ?? '',
      imageUrl: category?.imageUrl ?? '',
    },
    categoryCreateSchema,
    categoryPayload,
  );

  const submit = handleSubmit((values) => {
    const body = categoryCreateSchema.parse(categoryPayload(values));
    if (category) update.mutate({ id: category.id, patch: body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  });

  return (
    <EditorDialog
      title={category ? 'Edit Category' : 'Create Category'}
      onClose={onClose}
      busy={saving}
      onSubmit={submit}
      confirmLabel={category ? 'Save Changes' : 'Create Category'}
    >
      <NameSlugFields idPrefix="category" register={register} errors={errors} />
      <Field id="category-description" label="Description" error={errors.description?.message}>
        <textarea rows={3} {...describedBy('category-description', errors.description)} {...register('description')} />
      </Field>
      <Controller
        control={control}
        name="imageUrl"
        render={({ field, fieldState }) => (
          <ImageField
            id="category-imageUrl"
            label="Category image"
            type="category"
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
    </EditorDialog>
  );
}
