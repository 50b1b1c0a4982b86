import type { RefundInput, ShopOrder } from "@clinic/shared";
import { post } from "../../../lib/api.ts";

/** Query-key roots of the order screens; an action refetches what it changed under them. */
export const MY_ORDERS_KEY = "shop-my-orders";
export const MY_ORDER_KEY = "shop-my-order";
export const STORE_ORDERS_KEY = "shop-store-orders";
export const STORE_ORDER_KEY = "shop-store-order";
export const MANAGED_STORES_KEY = "shop-managed-stores";

/** The screens (packages/shared/src/routes.ts: shopMyOrders, shopMyOrder, shopOrders, shopOrder). */
export const MY_ORDERS_SCREEN = "/shop/app/orders";
export const myOrderScreen = (id: number) => `${MY_ORDERS_SCREEN}/${id}`;
export const STORE_ORDERS_SCREEN = "/shop/app/ordermanager";
export const storeOrderScreen = (id: number) => `${STORE_ORDERS_SCREEN}/${id}`;

export const MY_ORDERS_PATH = "/api/shop/orders/mine";
export const myOrderPath = (id: number) => `${MY_ORDERS_PATH}/${id}`;
export const MANAGED_STORES_PATH = "/api/shop/stores";
export const storeOrdersPath = (storeId: number) => `/api/shop/stores/${storeId}/orders`;
export const storeOrderPath = (id: number) => `/api/shop/orders/${id}`;
/** A plain link: the browser downloads the PDF with the session cookie. */
export const packingSlipPath = (id: number) => `${storeOrderPath(id)}/packing-slip`;

export const cancelMyOrder = (id: number) => post<ShopOrder>(`${myOrderPath(id)}/cancel`, {});
export const payOrder = (id: number, note: string) => post<ShopOrder>(`${storeOrderPath(id)}/pay`, { note });
export const fulfilOrder = (id: number, note: string) => post<ShopOrder>(`${storeOrderPath(id)}/fulfil`, { note });
export const cancelOrder = (id: number, note: string) => post<ShopOrder>(`${storeOrderPath(id)}/cancel`, { note });
export const refundOrder = (id: number, input: RefundInput) => post<ShopOrder>(`${storeOrderPath(id)}/refund`, input);
