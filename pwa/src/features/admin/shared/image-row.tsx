import type { ReactNode } from 'react';
import { resolveImageUrl } from '@cocoa/shared-types';
import { imgSources } from '../../../lib/image';

/** One row of an admin list of things with a picture (products, categories): its thumbnail, what the caller shows, Edit and Delete. */
export function ImageRow({
  name,
  imageUrl,
  imageRefs,
  onEdit,
  onDelete,
  children,
}: {
  name: string;
  imageUrl: string | null;
  imageRefs: Parameters<typeof resolveImageUrl>[1];
  onEdit: () => void;
  onDelete: () => void;
  children: ReactNode;
}) {
  return (
    <li className="admin-row">
      {imageUrl ? (
        <img className="admin-row__thumb" {...imgSources(resolveImageUrl(imageUrl, imageRefs), '56px')} alt="" width={56} height={56} loading="lazy" />
      ) : (
        <span className="admin-row__thumb admin-image-field__thumb--empty" aria-hidden="true" />
      )}
      <div className="admin-row__main">{children}</div>
      <div className="admin-row__actions">
        <button type="button" className="btn btn--outline" onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </button>
        <button type="button" className="btn btn--danger" onClick={onDelete} aria-label={`Delete ${name}`}>
          Delete
        </button>
      </div>
    </li>
  );
}
