import type { ShopOrder } from "@clinic/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useAction } from "../../../lib/resource.ts";
import { STORE_ORDER_KEY, STORE_ORDERS_KEY } from "./api.ts";

/** What every manager action does after the server answers: the page shows the new order, the list refetches. */
export function useOrderAction<TInput>(
  order: ShopOrder,
  run: (input: TInput) => Promise<ShopOrder>,
  success: string,
  onDone: () => void,
  onFieldErrors?: (fields: Record<string, string[]>) => void,
) {
  const client = useQueryClient();
  return useAction(run, {
    invalidate: [[STORE_ORDERS_KEY]],
    success,
    onFieldErrors,
    onSuccess: (updated) => {
      client.setQueryData([STORE_ORDER_KEY, order.id], updated);
      onDone();
    },
  });
}
