import type { QueryClient } from '@tanstack/react-query';
import { CATALOGUE_FIRST_SCREEN_DATA_ID, type CatalogueFirstScreenData } from '@cocoa/shared-types';
import { catalogCategoriesQueryOptions } from './categories';
import { productsQueryOptions } from './products';

/**
 * The API writes the catalogue into the HTML of /products (a JSON data block: the answers of the
 * two catalogue calls at that moment), so the first render needs no round trip. This puts it in
 * the query cache as those calls' data; being newer, it wins over the persisted copy when that is
 * restored. The service worker's precached shell carries no block: then the persisted cache and
 * the network answer, as before. Returns whether the page had usable data.
 */
export function seedCatalogueFromPage(client: QueryClient, doc: Document = document): boolean {
  const text = doc.getElementById(CATALOGUE_FIRST_SCREEN_DATA_ID)?.textContent;
  if (!text) return false;
  let data: Partial<CatalogueFirstScreenData>;
  try {
    data = JSON.parse(text) as Partial<CatalogueFirstScreenData>;
  } catch (error) {
    console.error('Ignoring an unreadable catalogue data block', error);
    return false;
  }
  if (!Array.isArray(data.products) || !Array.isArray(data.categories)) return false;
  client.setQueryData(productsQueryOptions.queryKey, data.products);
  client.setQueryData(catalogCategoriesQueryOptions.queryKey, data.categories);
  return true;
}
