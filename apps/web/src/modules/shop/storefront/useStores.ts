import type { ShopStore } from "@clinic/shared";
import { useResource } from "../../../lib/resource.ts";
import { chosenStore } from "../orders/StoreSelect.tsx";
import { useUrlParams } from "../orders/url-params.ts";
import { STORES_KEY, STORES_PATH } from "./api.ts";

/**
 * The stores the user can buy at and the one on screen (`?store=`, else the first): the
 * storefront and the cart both follow it, so the cart button and the cart speak of one store.
 */
export function useStorefrontStore() {
  const url = useUrlParams();
  const { data: stores, network } = useResource<ShopStore[]>([STORES_KEY], STORES_PATH, { quiet: true });
  const store = chosenStore(stores, url.get("store"));
  return { stores, store, network, url, choose: (id: number) => url.set({ store: id, q: null, category: null }) };
}

/** A store the user can buy at, by id (a product or bundle names only its store's id); undefined while loading or when closed. */
export function useStorefrontStoreById(storeId: number | undefined) {
  const { data: stores, network } = useResource<ShopStore[]>([STORES_KEY], STORES_PATH, { quiet: true });
  return { store: stores?.find((store) => store.id === storeId), loaded: stores !== undefined || network.error };
}
