import { ApiError, errorMessageFrom } from '../../../lib/api-fetch';

/**
 * Multipart uploads go through XMLHttpRequest because fetch has no upload progress. Same rules
 * as apiFetch: same origin with cookies, JSON answer, error message from body.message → body.error
 * → text → status text, thrown as an ApiError carrying the status (409 = name already used).
 */
export function xhrUpload<T>(url: string, body: FormData, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        try {
          resolve((text ? JSON.parse(text) : undefined) as T);
        } catch {
          resolve(undefined as T);
        }
        return;
      }
      reject(new ApiError(errorMessageFrom(text, xhr.statusText), xhr.status));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.onabort = () => reject(new Error('Upload cancelled'));
    xhr.send(body);
  });
}
