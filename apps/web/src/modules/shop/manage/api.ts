import {
  type BundleInput,
  type DiscountInput,
  FORBIDDEN_MARKUP_MESSAGE,
  type InventoryRow,
  type ProductInput,
  SHOP_MANAGE_MESSAGES,
  SHOP_MESSAGES,
  type ShopBundle,
  type ShopCategory,
  type ShopCategoryInput,
  type ShopDiscount,
  type ShopProduct,
  type ShopStore,
  type StoreInput,
} from "@clinic/shared";
import { del, post, put } from "../../../lib/api.ts";
import { registerRefusals } from "../../../lib/refusals.ts";

/** Every management query starts with this key, so a change anywhere can refresh the lot. */
export const SHOP_MANAGE_KEY = "shop-manage";
export const STORES_KEY = [SHOP_MANAGE_KEY, "stores"] as const;
export const CATEGORIES_KEY = [SHOP_MANAGE_KEY, "categories"] as const;
/** usePagedList keys by a single resource name. */
export const PRODUCTS_RESOURCE = "shop-manage-products";
export const INVENTORY_RESOURCE = "shop-manage-inventory";
export const MOVES_RESOURCE = "shop-manage-moves";
export const DISCOUNTS_KEY = [SHOP_MANAGE_KEY, "discounts"] as const;
export const BUNDLES_KEY = [SHOP_MANAGE_KEY, "bundles"] as const;
/**
 * What any change may touch: a product's variants are the inventory's rows and bundles' parts,
 * a category's product count follows its products. Refreshing the lot is cheap and never stale.
 */
export const EVERY_MANAGE_LIST: readonly (readonly string[])[] = [[SHOP_MANAGE_KEY], [PRODUCTS_RESOURCE], [INVENTORY_RESOURCE], [MOVES_RESOURCE]];

export const STORES_PATH = "/api/shop/stores";
const store = (storeId: number) => `${STORES_PATH}/${storeId}`;
export const categoriesPath = (storeId: number) => `${store(storeId)}/categories`;
export const productsPath = (storeId: number) => `${store(storeId)}/products`;
export const productPath = (id: number) => `/api/shop/products/${id}`;
export const inventoryPath = (storeId: number) => `${store(storeId)}/inventory`;
export const movesPath = (variantId: number) => `/api/shop/variants/${variantId}/moves`;
export const discountsPath = (storeId: number) => `${store(storeId)}/discounts`;
export const bundlesPath = (storeId: number) => `${store(storeId)}/bundles`;

/** The management screens (shared/routes.ts); `?store=` carries the chosen store between them. */
export const SCREENS = {
  stores: "/shop/app/storemanager",
  products: "/shop/app/manager",
  inventory: "/shop/app/inventory",
  discounts: "/shop/app/discounts",
  bundles: "/shop/app/bundles",
} as const;
export const categoryScreen = (categoryId: number) => `${SCREENS.products}/${categoryId}`;
export const withStore = (path: string, storeId: number | null) => (storeId === null ? path : `${path}?store=${storeId}`);

export const createStore = (input: StoreInput) => post<ShopStore>(STORES_PATH, input);
export const updateStore = (id: number, input: StoreInput) => put<ShopStore>(store(id), input);

export const createCategory = (storeId: number, input: ShopCategoryInput) => post<ShopCategory>(categoriesPath(storeId), input);
export const updateCategory = (id: number, input: ShopCategoryInput) => put<ShopCategory>(`/api/shop/categories/${id}`, input);
export const deleteCategory = (id: number) => del<void>(`/api/shop/categories/${id}`);

export const createProduct = (storeId: number, input: ProductInput) => post<ShopProduct>(productsPath(storeId), input);
export const updateProduct = (id: number, input: ProductInput) => put<ShopProduct>(productPath(id), input);
export const deleteProduct = (id: number) => del<void>(productPath(id));

export const adjustStock = (variantId: number, input: { delta: number; note: string }) =>
  post<InventoryRow>(`/api/shop/variants/${variantId}/adjustments`, input);
export const setThreshold = (variantId: number, lowStockThreshold: number) =>
  put<InventoryRow>(`/api/shop/variants/${variantId}/threshold`, { lowStockThreshold });

export const createDiscount = (storeId: number, input: DiscountInput) => post<ShopDiscount>(discountsPath(storeId), input);
export const updateDiscount = (id: number, input: DiscountInput) => put<ShopDiscount>(`/api/shop/discounts/${id}`, input);
export const deleteDiscount = (id: number) => del<void>(`/api/shop/discounts/${id}`);

export const createBundle = (storeId: number, input: BundleInput) => post<ShopBundle>(bundlesPath(storeId), input);
export const updateBundle = (id: number, input: BundleInput) => put<ShopBundle>(`/api/shop/bundles/${id}`, input);
export const deleteBundle = (id: number) => del<void>(`/api/shop/bundles/${id}`);

const SHOP_KEYS: Record<string, string> = {
  // The server's own refusals (stores, products, offers, stock), by their key.
  ...Object.fromEntries(Object.entries(SHOP_MANAGE_MESSAGES).map(([key, text]) => [text, key])),
  ...Object.fromEntries(Object.entries(SHOP_MESSAGES).map(([key, text]) => [text, key])),
  [FORBIDDEN_MARKUP_MESSAGE]: "forbiddenMarkup",
};

/** A message of the shop's schemas or server in the interface language; any other (zod's own, already translated) as it is. */
export function shopFieldMessage(t: (key: string) => string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = SHOP_KEYS[message];
  return key ? t(`shopManage.errors.${key}`) : message;
}

registerRefusals((t, message) => shopFieldMessage(t, message) ?? message);
