import type { Paged, ShopOrderRow, ShopStore } from "@clinic/shared";
import { Alert, Stack } from "@mui/material";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../lib/components/DateField.tsx";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { Loading } from "../../../lib/components/Loading.tsx";
import { SearchField } from "../../../lib/components/SearchField.tsx";
import { useResource } from "../../../lib/resource.ts";
import { MANAGED_STORES_KEY, MANAGED_STORES_PATH, STORE_ORDERS_KEY, storeOrderScreen, storeOrdersPath } from "./api.ts";
import { OrdersList } from "./OrdersList.tsx";
import { StateFilter, stateParam } from "./StateFilter.tsx";
import { chosenStore, StoreSelect } from "./StoreSelect.tsx";
import { urlPaging, useUrlParams, useUrlSearch } from "./url-params.ts";
import { emptyListText } from "../../../lib/empty-list.ts";

/** shopOrders: the orders of the stores the manager runs, filtered by state, days and number or customer. */
export function StoreOrdersPage() {
  const { t } = useTranslation();
  const url = useUrlParams();
  const { data: stores, network } = useResource<ShopStore[]>([MANAGED_STORES_KEY], MANAGED_STORES_PATH);
  const store = chosenStore(stores, url.get("store"));
  if (!stores) return network.error ? <Alert severity="warning">{network.message}</Alert> : <Loading />;
  if (!store) return <Alert severity="info">{t("shopOrders.manage.noStores")}</Alert>;
  return <StoreOrders stores={stores} store={store} url={url} />;
}

/** A typed range the server would refuse (the end before the start) is not sent; the field says why. */
export function dayRange(from: string, to: string): { from: string; to: string; toError: boolean } {
  const toError = from !== "" && to !== "" && to < from;
  return { from, to: toError ? "" : to, toError };
}

function StoreOrders({ stores, store, url }: { stores: ShopStore[]; store: ShopStore; url: ReturnType<typeof useUrlParams> }) {
  const { t } = useTranslation();
  const search = useUrlSearch(url);
  const state = stateParam(url.get("state"));
  const range = dayRange(url.get("from"), url.get("to"));
  const paging = urlPaging(url);
  const query = paging.query;
  const q = url.get("q");
  if (q) query.set("q", q);
  if (state) query.set("state", state);
  if (range.from) query.set("from", range.from);
  if (range.to) query.set("to", range.to);
  const path = storeOrdersPath(store.id);
  const { data, network } = useResource<Paged<ShopOrderRow>>([STORE_ORDERS_KEY, path, query.toString()], `${path}?${query}`);

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} useFlexGap sx={{ alignItems: { md: "flex-start" }, flexWrap: "wrap" }}>
        <StoreSelect stores={stores} value={store.id} onChange={(id) => url.set({ store: id })} />
        <SearchField label={t("shopOrders.manage.search")} value={search.text} onChange={search.setText} width={280} />
        <StateFilter value={state} onChange={(next) => url.set({ state: next })} />
        <Stack direction="row" spacing={2} useFlexGap>
          <DateField
            label={t("shopOrders.manage.from")}
            size="small"
            value={url.get("from")}
            onChange={(from) => url.set({ from })}
            sx={{ width: { xs: "50%", sm: 170 } }}
          />
          <DateField
            label={t("shopOrders.manage.to")}
            size="small"
            value={url.get("to")}
            onChange={(to) => url.set({ to })}
            minDate={url.get("from") || undefined}
            error={range.toError}
            helperText={range.toError ? t("shopOrders.manage.toBeforeFrom") : undefined}
            sx={{ width: { xs: "50%", sm: 170 } }}
          />
        </Stack>
      </Stack>
      <ListLoading loading={network.isFetching} labels="catalogue" />
      {network.error && !data ? <Alert severity="warning">{network.message}</Alert> : null}
      <OrdersList
        rows={data?.data}
        linkTo={storeOrderScreen}
        showCustomer
        label={t("shopOrders.manage.listLabel", { store: store.name })}
        empty={emptyListText(t, q ?? "", "shopOrders.manage.none", "shopOrders.manage.noMatch")}
      />
      {data && data.total > 0 ? <ListPagination list={paging.pager(data)} labels="catalogue" /> : null}
    </Stack>
  );
}
