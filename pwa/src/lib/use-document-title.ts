import { useEffect } from 'react';
import { SHOP_CONTACT } from '@cocoa/shared-types';

export const SITE_NAME = SHOP_CONTACT.name;

export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
