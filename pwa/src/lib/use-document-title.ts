import { useEffect } from 'react';

export const SITE_NAME = 'Cocoa Shop';

export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
