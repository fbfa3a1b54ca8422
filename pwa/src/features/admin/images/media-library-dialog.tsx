import { useState } from 'react';
import { imgSources } from '../../../lib/image';
import { useImages } from './api/images';
import { filterImages, GalleryPlaceholders } from './image-gallery';
import { Dialog } from '../shared/dialog';

/** Media Library picker: search the library and pick one image (its path is handed back). */
export function MediaLibraryDialog({ title = 'Media Library', onPick, onClose }: { title?: string; onPick: (path: string) => void; onClose: () => void }) {
  const images = useImages();
  const [search, setSearch] = useState('');
  const list = images.data ?? [];
  const shown = filterImages(list, search);
  return (
    <Dialog title={title} onClose={onClose} wide>
      <div className="field">
        <label htmlFor="media-search">Search images by filename</label>
        <input id="media-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </div>
      {images.isPending ? (
        <GalleryPlaceholders count={6} className="admin-gallery admin-gallery--picker" />
      ) : images.isError && !list.length ? (
        <p className="empty-state" role="alert">
          Failed to load images. Please try again.
        </p>
      ) : !list.length ? (
        <p className="empty-state">No images found. Upload some images first.</p>
      ) : !shown.length ? (
        <p className="empty-state">No images match your search query.</p>
      ) : (
        <ul className="admin-gallery admin-gallery--picker" aria-label="Images">
          {shown.map((image) => (
            <li key={image.path} className="admin-gallery__item">
              <button type="button" className="admin-gallery__pick" onClick={() => onPick(image.path)} aria-label={`Use ${image.filename}`}>
                <img {...imgSources(image.ref ?? image.path, '120px')} alt="" loading="lazy" width={120} height={120} />
              </button>
              <p className="admin-gallery__name" title={image.filename}>
                {image.filename}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
