import { Injectable } from '@nestjs/common';
import type { CatalogSyncResult } from '@cocoa/shared-types';
import type { Square } from 'square';
import { PaymentError, UpstreamError, UserInputError } from '../common/domain-errors';
import { CatalogueUpsertService, type SquareCatalogueItem } from '../catalogue/catalogue-upsert.service';
import { SquareGateway } from './square.gateway';

/**
 * Square items and their variations into the local catalogue (the catalogue the shop serves):
 * read everything from Square first, then apply it in one transaction, matched by variation id.
 */
@Injectable()
export class SquareCatalogSyncService {
  constructor(
    private readonly gateway: SquareGateway,
    private readonly catalogue: CatalogueUpsertService,
  ) {}

  async sync(): Promise<CatalogSyncResult> {
    const connection = await this.gateway.connection();
    if (!connection) throw new UserInputError('Connect Square first.', 'SQUARE_NOT_CONNECTED');
    const objects = await this.gateway.listCatalog(connection).catch((err: unknown) => {
      // The gateway speaks checkout (402); for the admin a Square refusal is an upstream failure.
      throw err instanceof PaymentError ? new UpstreamError(err.message, err.code) : err;
    });
    return this.catalogue.applySquareCatalogue(toCatalogueItems(objects));
  }
}

/** One local product per item variation; an item with several variations names each one. */
export function toCatalogueItems(objects: readonly Square.CatalogObject[]): SquareCatalogueItem[] {
  const categoryNames = new Map<string, string>();
  for (const o of objects) {
    if (o.type === 'CATEGORY' && o.id && o.categoryData?.name) categoryNames.set(o.id, o.categoryData.name);
  }
  const items: SquareCatalogueItem[] = [];
  for (const o of objects) {
    if (o.type !== 'ITEM' || o.isDeleted || !o.itemData?.name) continue;
    const data = o.itemData;
    const categoryId = data.reportingCategory?.id ?? data.categories?.[0]?.id ?? data.categoryId ?? undefined;
    const categoryName = categoryId ? (categoryNames.get(categoryId) ?? null) : null;
    const variations = (data.variations ?? []).filter((v) => v.type === 'ITEM_VARIATION' && v.id && !v.isDeleted);
    for (const v of variations) {
      const variationData = (v as Square.CatalogObject.ItemVariation).itemVariationData;
      const amount = variationData?.priceMoney?.amount;
      const variationName = variationData?.name?.trim();
      const itemName = data.name!;
      const name = variations.length > 1 && variationName ? `${itemName} (${variationName})` : itemName;
      items.push({
        variationId: v.id!,
        name: name.slice(0, 120),
        description: data.descriptionPlaintext ?? data.description ?? null,
        priceCents: amount === undefined || amount === null ? null : Number(amount),
        categoryName,
      });
    }
  }
  return items;
}
