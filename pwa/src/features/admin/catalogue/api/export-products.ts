/** GET /api/products/export: an Excel file, downloaded by browser navigation. */
export const PRODUCTS_EXPORT_URL = '/api/products/export';
