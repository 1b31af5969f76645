import { getImageUrl, parseImageUri } from '@aisle/sdk';
import { clients, memoized, type Store } from '../sdk.ts';
import { type SiteBrand, siteBrandOf } from '../lib/meta.ts';

/** The header's logo box: at most this high (CSS pixels), its width from the picture's own shape. */
const LOGO_HEIGHT = 32;

/**
 * The store's name and logo (the merchant's store settings, read by anyone), once per request or page load;
 * without them (unset, or the read failed) the store's host stands for its name and there is no logo.
 */
export function loadSiteBrand(store: Store): Promise<SiteBrand> {
  return memoized(store, 'site-brand', async () => {
    const fallback = siteBrandOf(undefined, store.origin);
    const settings = await (await clients()).readPublicStoreSettings(store.connection).catch(() => undefined);
    if (!settings) return fallback;
    const name = settings.storeName ?? fallback.name;
    const logo = settings.logo;
    if (!logo) return { name };
    const size = parseImageUri(logo);
    const url = getImageUrl(logo);
    // Our own uploads have thumbnails: a small one, and one twice as large for sharp screens.
    const own = url !== logo;
    const width =
      size?.width && size.height ? Math.round((LOGO_HEIGHT * size.width) / size.height) : LOGO_HEIGHT;
    return {
      name,
      logo: {
        url: own ? `${url}?size=150` : url,
        ...(own ? { url2x: `${url}?size=400` } : {}),
        width,
        height: LOGO_HEIGHT,
      },
    };
  });
}
