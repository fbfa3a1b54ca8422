import { useRef, useState } from 'react';
import { ApiError, messageOf } from '../../../lib/api-fetch';
import { errorToast } from '../../../ui/toast-store';
import { uploadImage, useRefreshImages, type UploadOptions } from './api/upload-image';
import { ConfirmDialog } from '../shared/dialog';

export interface UploadProgress {
  filename: string;
  percent: number;
  index: number;
  total: number;
}

/**
 * Uploads files one after another with percent progress. A 409 (a file of that name exists)
 * asks whether to replace it: confirming sends it again with replace=true, cancelling drops it.
 */
export function useImageUploader() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [asking, setAsking] = useState<{ filename: string } | null>(null);
  const answerRef = useRef<((replace: boolean) => void) | null>(null);
  const refreshImages = useRefreshImages();

  const askReplace = (filename: string) =>
    new Promise<boolean>((resolve) => {
      answerRef.current = resolve;
      setAsking({ filename });
    });

  const answer = (replace: boolean) => {
    answerRef.current?.(replace);
    answerRef.current = null;
    setAsking(null);
  };

  /**
   * Resolves with the uploaded paths (files dropped or failed are left out). With askFirst the
   * replace question comes before sending (the file is known to replace the current image).
   */
  const upload = async (files: File[], options: UploadOptions = {}, { askFirst = false } = {}): Promise<string[]> => {
    const paths: string[] = [];
    for (const [i, file] of files.entries()) {
      if (askFirst && !(await askReplace(file.name))) continue;
      const report = (percent: number) => setProgress({ filename: file.name, percent, index: i + 1, total: files.length });
      report(0);
      try {
        paths.push((await uploadImage(file, options, report)).path);
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          setProgress(null);
          const replace = await askReplace(file.name);
          if (!replace) continue;
          report(0);
          try {
            paths.push((await uploadImage(file, { ...options, replace: true }, report)).path);
          } catch (retryError) {
            errorToast('Upload failed', `${file.name}: ${messageOf(retryError, 'Failed to upload image')}`);
          }
        } else {
          errorToast('Upload failed', `${file.name}: ${messageOf(error, 'Failed to upload image')}`);
        }
      }
    }
    setProgress(null);
    if (paths.length) await refreshImages();
    return paths;
  };

  const replaceDialog = asking ? (
    <ConfirmDialog
      title="Replace existing image?"
      message={
        <>
          <p>
            An image named <strong>{asking.filename}</strong> already exists.
          </p>
          <p>Replacing it affects all products using this image.</p>
        </>
      }
      confirmLabel="Replace image"
      onCancel={() => answer(false)}
      onConfirm={() => answer(true)}
    />
  ) : null;

  return { upload, progress, uploading: progress !== null, replaceDialog };
}

export function UploadProgressBar({ progress }: { progress: UploadProgress }) {
  const label = `Uploading ${progress.filename}${progress.total > 1 ? ` (${progress.index} of ${progress.total})` : ''}`;
  return (
    <div className="admin-progress" aria-live="polite">
      <p className="admin-progress__label">
        {label}: <strong>{progress.percent}%</strong>
      </p>
      <div className="admin-progress__track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress.percent}>
        <div className="admin-progress__bar" style={{ width: `${progress.percent}%` }} />
      </div>
    </div>
  );
}
