import type { CartLineInput, CheckoutInput, CheckoutResult, ShopCart } from "@clinic/shared";
import { post, put } from "../../../lib/api.ts";

/** Query-key roots of the storefront; an action refetches what it changed under them. */
export const STORES_KEY = "shop-storefront-stores";
export const CATEGORIES_KEY = "shop-storefront-categories";
export const ITEMS_KEY = "shop-storefront-items";
export const PRODUCT_KEY = "shop-storefront-product";
export const BUNDLE_KEY = "shop-storefront-bundle";
export const CART_KEY = "shop-cart";

/** The screens (packages/shared/src/routes.ts: shopStorefront, shopProduct, shopBundle, shopCart). */
export const STORE_SCREEN = "/shop/app/store";
export const storeScreen = (storeId: number) => `${STORE_SCREEN}?store=${storeId}`;
export const productScreen = (id: number) => `${STORE_SCREEN}/product/${id}`;
export const bundleScreen = (id: number) => `${STORE_SCREEN}/bundle/${id}`;
export const CART_SCREEN = "/shop/app/cart";
export const cartScreen = (storeId: number) => `${CART_SCREEN}?store=${storeId}`;

export const STORES_PATH = "/api/shop/storefront/stores";
export const categoriesPath = (storeId: number) => `${STORES_PATH}/${storeId}/categories`;
export const itemsPath = (storeId: number) => `${STORES_PATH}/${storeId}/items`;
export const productPath = (id: number) => `/api/shop/storefront/products/${id}`;
export const bundlePath = (id: number) => `/api/shop/storefront/bundles/${id}`;
export const cartPath = (storeId: number) => `/api/shop/cart/${storeId}`;

/** Sets a line's quantity (0 removes it); the answer is the whole cart, priced again. */
export const setCartLine = (storeId: number, line: CartLineInput) => put<ShopCart>(`${cartPath(storeId)}/lines`, line);
export const setCartCode = (storeId: number, code: string | null) => put<ShopCart>(`${cartPath(storeId)}/code`, { code });
/** Only the buyer's choices travel: the server prices the cart itself. */
export const checkout = (storeId: number, input: CheckoutInput) => post<CheckoutResult>(`${cartPath(storeId)}/checkout`, input);
