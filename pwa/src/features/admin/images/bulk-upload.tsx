import { useId, useRef } from 'react';
import { toast } from '../../../ui/toast-store';
import { UploadProgressBar, useImageUploader } from './use-image-uploader';
import { AdminCard } from '../shared/admin-card';

/** Bulk upload: the chosen files go up one after another, showing the current name and percent. */
export function BulkUpload() {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { upload, progress, uploading, replaceDialog } = useImageUploader();

  return (
    <AdminCard titleId={`${inputId}-title`} title="Bulk Upload">
      <p className="muted">Choose one or more images (JPEG, PNG, WebP, GIF or AVIF, up to 5 MB each). They are uploaded one after another.</p>
      <div className="admin-actions">
        <label htmlFor={inputId} className={`btn btn--primary${uploading ? ' is-disabled' : ''}`} aria-disabled={uploading || undefined}>
          Choose images to upload
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/*"
          multiple
          disabled={uploading}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (!files.length) return;
            void upload(files).then((paths) => {
              if (paths.length) toast('Upload complete', `${paths.length} of ${files.length} image(s) uploaded.`);
            });
          }}
        />
      </div>
      {progress && <UploadProgressBar progress={progress} />}
      {replaceDialog}
    </AdminCard>
  );
}
