import { DEMO_SHOP_IDENTITY, type ShopIdentity } from '@cocoa/shared-types';

/** The image types a manifest icon may name by its file's extension. */
const ICON_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

interface ManifestIcon {
  src: string;
  sizes?: string;
  type?: string;
  purpose?: string;
}

/**
 * The web app manifest the API serves at /manifest.webmanifest: the one the PWA's build wrote
 * (vite-plugin-pwa, pwa/vite.config.ts) with the owner's shop name as its name and short name, and the
 * owner's uploaded logo first among its icons (the build's icons stay: browsers want a 192 and a
 * 512 pixel PNG to offer installing the app). An unreadable build file is answered as it is.
 */
export function ownerManifest(built: string, shop: ShopIdentity): string {
  let manifest: { name?: string; short_name?: string; icons?: ManifestIcon[] };
  try {
    manifest = JSON.parse(built) as typeof manifest;
  } catch {
    return built;
  }
  const extension = shop.logo?.split('.').pop()?.toLowerCase() ?? '';
  const logo: ManifestIcon[] = shop.logo
    ? [{ src: shop.logo, sizes: 'any', ...(ICON_TYPES[extension] ? { type: ICON_TYPES[extension] } : {}), purpose: 'any' }]
    : [];
  // The demo shop keeps the build's own name (with its tagline).
  const names = shop.name === DEMO_SHOP_IDENTITY.name ? {} : { name: shop.name, short_name: shop.name };
  return JSON.stringify({ ...manifest, ...names, icons: [...logo, ...(manifest.icons ?? [])] });
}
