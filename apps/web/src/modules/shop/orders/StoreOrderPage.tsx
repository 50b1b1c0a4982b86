import type { ShopOrder } from "@clinic/shared";
import { Alert, Box, Stack } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Loading } from "../../../lib/components/Loading.tsx";
import { useResource } from "../../../lib/resource.ts";
import { STORE_ORDER_KEY, STORE_ORDERS_SCREEN, storeOrderPath } from "./api.ts";
import { BackLink, OrderUnavailable } from "./BackLink.tsx";
import { ManagerActions } from "./ManagerActions.tsx";
import { OrderView } from "./OrderView.tsx";
import { idParam } from "./url-params.ts";

/** shopOrder: one order of the manager's store, with its customer and the steps its state allows. */
export function StoreOrderPage() {
  const { t } = useTranslation();
  const id = idParam(useParams().id);
  if (id === null) return <Alert severity="warning">{t("shopOrders.order.notFound")}</Alert>;
  return <StoreOrder id={id} />;
}

function StoreOrder({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data: order, network } = useResource<ShopOrder>([STORE_ORDER_KEY, id], storeOrderPath(id), { quiet: true });
  if (!order && network.error) return <OrderUnavailable network={network} back={STORE_ORDERS_SCREEN} backLabel={t("shopOrders.manage.back")} />;
  if (!order) return <Loading />;
  return (
    <Stack spacing={2}>
      <OrderView order={order} showCustomer actions={<ManagerActions order={order} />} />
      <Box>
        <BackLink to={STORE_ORDERS_SCREEN} label={t("shopOrders.manage.back")} />
      </Box>
    </Stack>
  );
}
