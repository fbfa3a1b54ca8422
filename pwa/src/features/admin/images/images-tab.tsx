import { BulkUpload } from './bulk-upload';
import { ImageGallery } from './image-gallery';
import { cardStack } from '../shared/admin-card';

/** Image Management: bulk upload and the image library. */
export const ImagesTab = cardStack(BulkUpload, ImageGallery);
