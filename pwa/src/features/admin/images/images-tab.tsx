import { BulkUpload } from './bulk-upload';
import { ImageGallery } from './image-gallery';

/** Image Management: bulk upload and the image library. */
export function ImagesTab() {
  return (
    <div className="admin-stack">
      <BulkUpload />
      <ImageGallery />
    </div>
  );
}
