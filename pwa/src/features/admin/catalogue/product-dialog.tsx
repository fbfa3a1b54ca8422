import { Controller } from 'react-hook-form';
import { productCreateSchema, type AdminProduct, type Category } from '@cocoa/shared-types';
import { ApiError } from '../../../lib/api-fetch';
import { describedBy, Field } from '../../../ui/field';
import { useCreateProduct, useUpdateProduct } from './api/catalogue-changes';
import type { ImageType } from '../images/api/upload-image';
import { EditorDialog } from '../shared/editor-dialog';
import { ImageField } from '../images/image-field';
import { useSchemaForm } from '../shared/schema-resolver';
import { NameSlugFields } from './name-slug-fields';
import { type ImageKey, type ProductFormValues, productFormValues, productPayload } from './product-form';
import { ProductOptionsFields } from './product-options-fields';
import { readableSaveProblem } from './product-options-form';

const IMAGE_FIELDS: Array<{ name: ImageKey; label: string; type?: ImageType }> = [
  { name: 'imageUrl', label: 'Main image' },
  { name: 'hotImageUrl', label: 'Hot image', type: 'hot' },
  { name: 'icedImageUrl', label: 'Iced image', type: 'iced' },
  { name: 'shakeImageUrl', label: 'Shake image', type: 'shake' },
  { name: 'featuredImageUrl', label: 'Featured image', type: 'featured' },
  { name: 'backgroundImageUrl', label: 'Background image', type: 'background' },
];

/**
 * Create or edit a product: update when a product is given, create otherwise. An edit
 * sends the stock count only when the owner changed it: the checkout may have sold some since the
 * dialog opened, and saving a price must not put those back. Input the API refuses (a 400) is
 * said in the dialog, an option's place read out; the dialog stays open to fix it.
 */
export function ProductDialog({ product, categories, onClose }: { product?: AdminProduct | null; categories: Category[]; onClose: () => void }) {
  const editing = Boolean(product);
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const saving = create.isPending || update.isPending;
  const {
    register,
    control,
    handleSubmit,
    errors,
    formState: { dirtyFields },
  } = useSchemaForm<ProductFormValues>(productFormValues(product), productCreateSchema, productPayload);

  const failure = editing ? update.error : create.error;

  const submit = handleSubmit((values) => {
    const payload = productPayload(values);
    // The options go as typed: the schema's answer holds them as the API answers them (ids, cents).
    const body = { ...productCreateSchema.parse(payload), options: payload.options };
    if (product) {
      const { stockCount, ...unchangedCount } = body;
      update.mutate({ id: product.id, patch: dirtyFields.stockCount ? { ...unchangedCount, stockCount } : unchangedCount }, { onSuccess: onClose });
    } else create.mutate(body, { onSuccess: onClose });
  });

  return (
    <EditorDialog
      title={editing ? 'Edit Product' : 'Create Product'}
      onClose={onClose}
      busy={saving}
      onSubmit={submit}
      error={failure instanceof ApiError && failure.status === 400 ? readableSaveProblem(failure.message) : undefined}
      confirmLabel={editing ? 'Save Changes' : 'Create Product'}
    >
      <NameSlugFields idPrefix="product" register={register} errors={errors} />
      <Field id="product-subtitle" label="Subtitle" error={errors.subtitle?.message}>
        <input {...describedBy('product-subtitle', errors.subtitle)} {...register('subtitle')} />
      </Field>
      <Field id="product-description" label="Description" error={errors.description?.message}>
        <textarea rows={4} {...describedBy('product-description', errors.description)} {...register('description')} />
      </Field>
      <div className="field-row">
        <Field id="product-price" label="Price (USD)" error={errors.price?.message}>
          <input type="number" inputMode="decimal" step="0.01" min="0" {...describedBy('product-price', errors.price)} {...register('price')} />
        </Field>
        <Field id="product-category" label="Category" error={errors.categoryId?.message}>
          <select {...describedBy('product-category', errors.categoryId)} {...register('categoryId')}>
            <option value="">No category</option>
            {categories.map((category) => (
              <option key={category.id} value={String(category.id)}>
                {category.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="admin-choice-row">
        <label className="admin-check">
          <input type="checkbox" {...register('inStock')} /> In stock
        </label>
        <label className="admin-check">
          <input type="checkbox" {...register('featured')} /> Featured
        </label>
        <label className="admin-check">
          <input type="checkbox" {...register('soldAtCart')} /> Sold at the cart
        </label>
      </div>
      <div className="field-row">
        <Field id="product-stock" label="Stock count (blank: not counted)" error={errors.stockCount?.message}>
          <input type="text" inputMode="numeric" autoComplete="off" {...describedBy('product-stock', errors.stockCount)} {...register('stockCount')} />
        </Field>
        <Field id="product-low-stock" label="Low-stock threshold (blank: none)" error={errors.lowStockThreshold?.message}>
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            {...describedBy('product-low-stock', errors.lowStockThreshold)}
            {...register('lowStockThreshold')}
          />
        </Field>
      </div>
      <p className="muted">
        A counted product shows Out of Stock at 0 and sells no more than its count. At or below the threshold it is marked Low here and shoppers see "Only N
        left".
      </p>
      <Field id="product-variation" label="Square variation ID (used at payment)" error={errors.variationId?.message}>
        <input {...describedBy('product-variation', errors.variationId)} {...register('variationId')} autoCapitalize="none" spellCheck={false} />
      </Field>
      <ProductOptionsFields control={control} register={register} />
      <fieldset className="admin-fieldset">
        <legend>Images</legend>
        {IMAGE_FIELDS.map((image) => (
          <Controller
            key={image.name}
            control={control}
            name={image.name}
            render={({ field, fieldState }) => (
              <ImageField
                id={`product-${image.name}`}
                label={image.label}
                type={image.type}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        ))}
      </fieldset>
    </EditorDialog>
  );
}
