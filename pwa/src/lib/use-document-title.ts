import { useEffect } from 'react';
import { useShopIdentity } from './shop-identity';

/** "<title> | <shop's name>", the shop's name alone on a page without a title of its own. */
export function useDocumentTitle(title: string | undefined) {
  const name = useShopIdentity()?.name;
  useEffect(() => {
    const parts = [title, name].filter(Boolean);
    if (parts.length > 0) document.title = parts.join(' | ');
  }, [title, name]);
}
