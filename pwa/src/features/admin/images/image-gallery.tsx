import { useMemo, useState } from 'react';
import { imgSources } from '../../../lib/image';
import { errorToast, toast } from '../../../ui/toast-store';
import { Skeleton } from '../../../ui/skeleton';
import { useBulkDeleteImages } from './api/bulk-delete-images';
import { useDeleteImage } from './api/delete-image';
import { useImages, type LibraryImage } from './api/images';
import { formatBytes, formatDateTime } from '../shared/format';
import { ConfirmDialog, DeleteConfirmDialog, Dialog } from '../shared/dialog';
import { MetaRow } from '../../../ui/meta-row';
import { RefreshButton } from '../shared/refresh-button';
import { LoadFailed } from '../shared/query-state';
import { AdminCard } from '../shared/admin-card';

export const absoluteUrl = (path: string) => new URL(path, window.location.origin).href;

/** Copies an image's full URL; 'Copy Failed' when the clipboard refuses. */
export async function copyImageUrl(path: string) {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(absoluteUrl(path));
    toast('URL Copied', absoluteUrl(path));
  } catch {
    errorToast('Copy Failed', 'The URL could not be copied to the clipboard.');
  }
}

export function filterImages(images: LibraryImage[], search: string) {
  const needle = search.trim().toLowerCase();
  return needle ? images.filter((image) => image.filename.toLowerCase().includes(needle)) : images;
}

/** A gallery's tiles while the library loads. */
export function GalleryPlaceholders({ count, className = 'admin-gallery' }: { count: number; className?: string }) {
  return (
    <ul className={className} aria-label="Loading images">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <Skeleton className="skeleton--gallery" />
        </li>
      ))}
    </ul>
  );
}

/** Image Gallery: search, refresh, select mode (cleared on exit), preview, copy URL, delete, bulk delete. */
export function ImageGallery() {
  const images = useImages();
  const deleteOne = useDeleteImage();
  const deleteMany = useBulkDeleteImages();
  const [search, setSearch] = useState('');
  const [selectMode, setSelectMode] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [preview, setPreview] = useState<LibraryImage | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<LibraryImage | null>(null);
  const [confirmBulk, setConfirmBulk] = useState(false);

  const list = useMemo(() => images.data ?? [], [images.data]);
  const shown = useMemo(() => filterImages(list, search), [list, search]);

  const exitSelectMode = () => {
    setSelectMode(false);
    setSelected(new Set());
  };
  const toggle = (path: string) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });

  return (
    <AdminCard
      titleId="gallery-title"
      title="Image Gallery"
      actions={
        <div className="admin-actions">
          <RefreshButton query={images} />
          {selectMode ? (
            <button type="button" className="btn btn--outline" onClick={exitSelectMode}>
              Cancel selection
            </button>
          ) : (
            <button type="button" className="btn btn--outline" onClick={() => setSelectMode(true)} disabled={!list.length}>
              Select
            </button>
          )}
        </div>
      }
    >
      <div className="field">
        <label htmlFor="gallery-search">Search images by filename</label>
        <input id="gallery-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="e.g. hot-cocoa" />
      </div>
      {selectMode && (
        <div className="admin-selectbar" role="toolbar" aria-label="Selection">
          <span aria-live="polite">{selected.size} selected</span>
          <button
            type="button"
            className="btn btn--outline btn--small-touch"
            onClick={() => setSelected(new Set(shown.map((image) => image.path)))}
            disabled={!shown.length}
          >
            Select all
          </button>
          <button type="button" className="btn btn--danger btn--small-touch" onClick={() => setConfirmBulk(true)} disabled={!selected.size}>
            Delete selected ({selected.size})
          </button>
        </div>
      )}

      {images.isPending ? (
        <GalleryPlaceholders count={8} />
      ) : images.isError && !list.length ? (
        <LoadFailed message="Failed to load images. Please try again." onRetry={() => void images.refetch()} />
      ) : !list.length ? (
        <p className="empty-state">No images found. Upload some images first.</p>
      ) : !shown.length ? (
        <p className="empty-state">No images match your search query.</p>
      ) : (
        <ul className="admin-gallery" aria-label="Images">
          {shown.map((image) => {
            const isSelected = selected.has(image.path);
            return (
              <li key={image.path} className={`admin-gallery__item${isSelected ? ' is-selected' : ''}`}>
                {selectMode ? (
                  <label className="admin-gallery__pick">
                    <input type="checkbox" checked={isSelected} onChange={() => toggle(image.path)} aria-label={`Select ${image.filename}`} />
                    <img {...imgSources(image.ref ?? image.path, '160px')} alt="" loading="lazy" width={160} height={160} />
                  </label>
                ) : (
                  <button type="button" className="admin-gallery__pick" onClick={() => setPreview(image)} aria-label={`Preview ${image.filename}`}>
                    <img {...imgSources(image.ref ?? image.path, '160px')} alt="" loading="lazy" width={160} height={160} />
                  </button>
                )}
                <p className="admin-gallery__name" title={image.filename}>
                  {image.filename}
                </p>
                <p className="admin-gallery__meta muted">{formatBytes(image.size)}</p>
                {!selectMode && (
                  <div className="admin-gallery__actions">
                    <button
                      type="button"
                      className="btn btn--outline btn--small-touch"
                      onClick={() => void copyImageUrl(image.path)}
                      aria-label={`Copy URL of ${image.filename}`}
                    >
                      Copy URL
                    </button>
                    <button
                      type="button"
                      className="btn btn--danger btn--small-touch"
                      onClick={() => setConfirmDelete(image)}
                      aria-label={`Delete ${image.filename}`}
                    >
                      Delete
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}

      {preview && (
        <Dialog title={preview.filename} onClose={() => setPreview(null)} wide>
          <img className="admin-preview" src={preview.path} alt={`Preview of ${preview.filename}`} />
          <dl className="admin-meta">
            <MetaRow term="Size">{formatBytes(preview.size)}</MetaRow>
            <MetaRow term="Uploaded">{formatDateTime(preview.createdAt) || 'Unknown'}</MetaRow>
            <MetaRow term="URL" className="admin-break">
              {absoluteUrl(preview.path)}
            </MetaRow>
          </dl>
          <div className="modal__actions">
            <button type="button" className="btn btn--outline" onClick={() => void copyImageUrl(preview.path)}>
              Copy URL
            </button>
            <button
              type="button"
              className="btn btn--danger"
              onClick={() => {
                setConfirmDelete(preview);
                setPreview(null);
              }}
            >
              Delete
            </button>
          </div>
        </Dialog>
      )}
      {confirmDelete && (
        <DeleteConfirmDialog
          what="image"
          name={confirmDelete.filename}
          consequence="Products using this image will show a placeholder."
          mutation={deleteOne}
          variables={confirmDelete.path}
          onClose={() => setConfirmDelete(null)}
        />
      )}
      {confirmBulk && (
        <ConfirmDialog
          title="Delete selected images?"
          message={<p>Delete {selected.size} image(s)? Products using them will show a placeholder. This cannot be undone.</p>}
          confirmLabel={`Delete ${selected.size} image(s)`}
          busyLabel="Deleting..."
          busy={deleteMany.isPending}
          onCancel={() => setConfirmBulk(false)}
          onConfirm={() =>
            deleteMany.mutate([...selected], {
              onSuccess: (answer) => {
                const failed = new Set((answer?.results?.failed ?? []).map((f) => f.path));
                // the failed ones stay selected, so another try is one tap away
                setSelected(new Set([...selected].filter((path) => failed.has(path))));
              },
              onSettled: () => setConfirmBulk(false),
            })
          }
        />
      )}
    </AdminCard>
  );
}
