import type { Paged, ShopOrderRow } from "@clinic/shared";
import StorefrontOutlined from "@mui/icons-material/StorefrontOutlined";
import { Alert, Button, Stack } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { useResource } from "../../../lib/resource.ts";
import { MY_ORDERS_KEY, MY_ORDERS_PATH, myOrderScreen } from "./api.ts";
import { OrdersList } from "./OrdersList.tsx";
import { StateFilter, stateParam } from "./StateFilter.tsx";
import { urlPaging, useUrlParams } from "./url-params.ts";

const STORE_SCREEN = "/shop/app/store";

/** shopMyOrders: what the signed-in user bought, newest first, by state, a page at a time. */
export function MyOrdersPage() {
  const { t } = useTranslation();
  const url = useUrlParams();
  const state = stateParam(url.get("state"));
  const paging = urlPaging(url);
  const query = paging.query;
  if (state) query.set("state", state);
  const { data, network } = useResource<Paged<ShopOrderRow>>([MY_ORDERS_KEY, query.toString()], `${MY_ORDERS_PATH}?${query}`);

  return (
    <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 1100 }}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}>
        <StateFilter value={state} onChange={(next) => url.set({ state: next })} />
        <Button component={RouterLink} to={STORE_SCREEN} startIcon={<StorefrontOutlined />} sx={{ alignSelf: { xs: "flex-start", sm: "auto" } }}>
          {t("shopOrders.mine.toStore")}
        </Button>
      </Stack>
      <ListLoading loading={network.isFetching} labels="catalogue" />
      {network.error && !data ? <Alert severity="warning">{network.message}</Alert> : null}
      <OrdersList
        rows={data?.data}
        linkTo={myOrderScreen}
        showCustomer={false}
        label={t("shopOrders.mine.listLabel")}
        empty={state ? t("shopOrders.mine.noneInState") : t("shopOrders.mine.none")}
      />
      {data && data.total > 0 ? <ListPagination list={paging.pager(data)} labels="catalogue" /> : null}
      {data && data.total === 0 && !state ? (
        <Button component={RouterLink} to={STORE_SCREEN} variant="outlined" sx={{ alignSelf: "flex-start" }}>
          {t("shopOrders.mine.startShopping")}
        </Button>
      ) : null}
    </Stack>
  );
}
