import { useForm, Controller } from 'react-hook-form';
import { productCreateSchema, type AdminProduct, type Category, type ProductCreate } from '@cocoa/shared-types';
import { describedBy, Field } from '../../../ui/field';
import { useCreateProduct } from './api/create-product';
import { useUpdateProduct } from './api/update-product';
import type { ImageType } from '../images/api/upload-image';
import { FormDialog } from '../shared/dialog';
import { ImageField } from '../images/image-field';
import { schemaResolver } from '../shared/schema-resolver';

const IMAGE_FIELDS: Array<{ name: ImageKey; label: string; type?: ImageType }> = [
  { name: 'imageUrl', label: 'Main image' },
  { name: 'hotImageUrl', label: 'Hot image', type: 'hot' },
  { name: 'icedImageUrl', label: 'Iced image', type: 'iced' },
  { name: 'shakeImageUrl', label: 'Shake image', type: 'shake' },
  { name: 'featuredImageUrl', label: 'Featured image', type: 'featured' },
  { name: 'backgroundImageUrl', label: 'Background image', type: 'background' },
];
type ImageKey = 'imageUrl' | 'hotImageUrl' | 'icedImageUrl' | 'shakeImageUrl' | 'featuredImageUrl' | 'backgroundImageUrl';

export interface ProductFormValues extends Record<ImageKey, string> {
  name: string;
  slug: string;
  subtitle: string;
  description: string;
  price: string;
  categoryId: string;
  inStock: boolean;
  featured: boolean;
  soldAtCart: boolean;
  variationId: string;
  stockCount: string;
  lowStockThreshold: string;
}

const text = (value: string | null | undefined) => value ?? '';
const countText = (value: number | null | undefined) => (value == null ? '' : String(value));

export function productFormValues(product?: AdminProduct | null): ProductFormValues {
  return {
    name: text(product?.name),
    slug: text(product?.slug),
    subtitle: text(product?.subtitle),
    description: text(product?.description),
    price: product && Number.isFinite(product.price) ? product.price.toFixed(2) : '',
    categoryId: product?.categoryId != null ? String(product.categoryId) : '',
    imageUrl: text(product?.imageUrl),
    hotImageUrl: text(product?.hotImageUrl),
    icedImageUrl: text(product?.icedImageUrl),
    shakeImageUrl: text(product?.shakeImageUrl),
    featuredImageUrl: text(product?.featuredImageUrl),
    backgroundImageUrl: text(product?.backgroundImageUrl),
    inStock: product?.inStock ?? true,
    featured: product?.featured ?? false,
    soldAtCart: product?.soldAtCart ?? false,
    variationId: text(product?.variationId),
    stockCount: countText(product?.stockCount),
    lowStockThreshold: countText(product?.lowStockThreshold),
  };
}

/** A typed count: blank is "not counted" (null); "1,200" reads as 1200; anything else goes to the schema as a number (NaN, 2.5, -1) for its message. */
function countValue(value: string): number | null {
  const typed = value.trim().replace(/,/g, '');
  return typed === '' ? null : Number(typed);
}

/** Price parsed as a float, category as an integer, counts as whole numbers; the shared schema does the rest. */
export function productPayload(values: ProductFormValues): ProductCreate {
  return {
    ...values,
    price: values.price.trim() === '' ? Number.NaN : Number.parseFloat(values.price),
    categoryId: values.categoryId === '' ? null : Number.parseInt(values.categoryId, 10),
    stockCount: countValue(values.stockCount),
    lowStockThreshold: countValue(values.lowStockThreshold),
  };
}

/**
 * Create or edit a product: update when a product is given, create otherwise. An edit
 * sends the stock count only when the owner changed it: the checkout may have sold some since the
 * dialog opened, and saving a price must not put those back.
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
    formState: { errors, dirtyFields },
  } = useForm<ProductFormValues>({
    defaultValues: productFormValues(product),
    resolver: schemaResolver<ProductFormValues>(productCreateSchema, productPayload),
  });

  const submit = handleSubmit((values) => {
    const body = productCreateSchema.parse(productPayload(values));
    if (product) {
      const { stockCount, ...unchangedCount } = body;
      update.mutate({ id: product.id, patch: dirtyFields.stockCount ? { ...unchangedCount, stockCount } : unchangedCount }, { onSuccess: onClose });
    } else create.mutate(body, { onSuccess: onClose });
  });

  return (
    <FormDialog
      title={editing ? 'Edit Product' : 'Create Product'}
      onClose={onClose}
      wide
      busy={saving}
      formClassName="form"
      onSubmit={submit}
      actions={{ confirmLabel: editing ? 'Save Changes' : 'Create Product', busyLabel: 'Saving...', footer: true }}
    >
      <Field id="product-name" label="Name" error={errors.name?.message}>
        <input {...describedBy('product-name', errors.name)} {...register('name')} />
      </Field>
      <Field id="product-slug" label="Slug (optional, generated from the name when empty)" error={errors.slug?.message}>
        <input {...describedBy('product-slug', errors.slug)} {...register('slug')} autoCapitalize="none" spellCheck={false} />
      </Field>
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
    </FormDialog>
  );
}
