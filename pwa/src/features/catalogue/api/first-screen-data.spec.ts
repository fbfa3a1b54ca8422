import { dehydrate, hydrate } from '@tanstack/react-query';
import { CATALOGUE_FIRST_SCREEN_DATA_ID } from '@cocoa/shared-types';
import { categories, product, products } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/render';
import { catalogCategoriesQueryOptions } from './categories';
import { seedCatalogueFromPage } from './first-screen-data';
import { productsQueryOptions } from './products';

/** The data block as the API writes it: JSON with every `<` escaped. */
function addDataBlock(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = CATALOGUE_FIRST_SCREEN_DATA_ID;
  block.textContent = text;
  document.body.append(block);
}
const asTheApiWritesIt = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
/** The fixtures as they come over the wire (a price that is not a number arrives as null). */
const onTheWire = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('seedCatalogueFromPage', () => {
  afterEach(() => document.getElementById(CATALOGUE_FIRST_SCREEN_DATA_ID)?.remove());

  it('puts the inlined catalogue in the cache as the answers of the two catalogue calls', () => {
    const tricky = product({ id: 9, name: 'Fudge </script> & <b>Friends</b>' });
    addDataBlock(asTheApiWritesIt({ products: [...products, tricky], categories }));
    const client = testQueryClient();
    expect(seedCatalogueFromPage(client)).toBe(true);
    expect(client.getQueryData(productsQueryOptions.queryKey)).toEqual(onTheWire([...products, tricky]));
    expect(client.getQueryData(catalogCategoriesQueryOptions.queryKey)).toEqual(categories);
  });

  it('leaves the cache alone without a block (the service worker shell) or with an unreadable one', () => {
    const client = testQueryClient();
    expect(seedCatalogueFromPage(client)).toBe(false);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    addDataBlock('{"products": [');
    expect(seedCatalogueFromPage(client)).toBe(false);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
    document.getElementById(CATALOGUE_FIRST_SCREEN_DATA_ID)!.textContent = JSON.stringify({ products: 'nope', categories });
    expect(seedCatalogueFromPage(client)).toBe(false);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('wins over the older copy the persister restores afterwards', () => {
    const old = testQueryClient();
    old.setQueryData(productsQueryOptions.queryKey, [product({ id: 1, name: 'Discontinued Cocoa' })], { updatedAt: Date.now() - 60_000 });
    const persisted = dehydrate(old);

    addDataBlock(asTheApiWritesIt({ products, categories }));
    const client = testQueryClient();
    seedCatalogueFromPage(client);
    hydrate(client, persisted);
    expect(client.getQueryData(productsQueryOptions.queryKey)).toEqual(onTheWire(products));
  });
});
