import { useEffect, useState } from 'react';

/**
 * `isOpen` for an Ionic overlay that shows as soon as it mounts: true from the next frame, once
 * Ionic has drawn it. An overlay mounted open is presented on a frame of Ionic's own and fails if
 * it has left the page by then (a dialog closed at once); this way it opens only if still there.
 */
export function useOpenOnNextFrame(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setOpen(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return open;
}
