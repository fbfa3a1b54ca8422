import { useState } from 'react';
import { toast } from '../../../ui/toast-store';
import { uploadedImagePath, type ImageType } from './api/upload-image';
import { MediaLibraryDialog } from './media-library-dialog';
import { UploadProgressBar, useImageUploader } from './use-image-uploader';
import { FileButton } from '../shared/file-button';

const UPLOADS = uploadedImagePath('');

/**
 * An image path field: type a path, pick from the Media Library, or upload a file (a name that
 * exists asks before replacing). Empty means no image.
 */
export function ImageField({
  id,
  label,
  value,
  onChange,
  type,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: ImageType;
  error?: string;
}) {
  const [picking, setPicking] = useState(false);
  const { upload, progress, uploading, replaceDialog } = useImageUploader();

  /** A file named like the current upload replaces it in place (asked first). */
  async function uploadChosen(file: File) {
    const current = value.startsWith(UPLOADS) ? value.slice(UPLOADS.length) : null;
    const sameName = current !== null && current.toLowerCase() === file.name.toLowerCase();
    const [path] = sameName ? await upload([file], { type, replace: true, target: value }, { askFirst: true }) : await upload([file], { type });
    if (path) {
      onChange(path);
      toast('Image uploaded', file.name);
    }
  }

  return (
    <div className="field admin-image-field">
      <label htmlFor={id}>{label}</label>
      <div className="admin-image-field__row">
        {value ? (
          <img className="admin-image-field__thumb" src={value} alt="" width={56} height={56} />
        ) : (
          <span className="admin-image-field__thumb admin-image-field__thumb--empty" aria-hidden="true" />
        )}
        <input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder="/uploads/products/..."
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <div className="admin-actions admin-actions--tight">
        <button
          type="button"
          className="btn btn--outline btn--small-touch"
          onClick={() => setPicking(true)}
          aria-label={`Choose ${label} from the Media Library`}
        >
          Library
        </button>
        <FileButton className="btn btn--outline btn--small-touch" busy={uploading} accept="image/*" onFile={(file) => void uploadChosen(file)}>
          Upload
          <span className="visually-hidden"> {label}</span>
        </FileButton>
        {value && (
          <button type="button" className="btn btn--outline btn--small-touch" onClick={() => onChange('')} aria-label={`Clear ${label}`}>
            Clear
          </button>
        )}
      </div>
      {progress && <UploadProgressBar progress={progress} />}
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      {picking && (
        <MediaLibraryDialog
          title={`Choose ${label}`}
          onClose={() => setPicking(false)}
          onPick={(path) => {
            onChange(path);
            setPicking(false);
          }}
        />
      )}
      {replaceDialog}
    </div>
  );
}
