import type { ShopStore } from "@clinic/shared";
import ReceiptLongOutlined from "@mui/icons-material/ReceiptLongOutlined";
import { Avatar, Box, Button, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { MY_ORDERS_SCREEN } from "../orders/api.ts";
import { StoreSelect } from "../orders/StoreSelect.tsx";
import { CartButton } from "./CartButton.tsx";

/** The storefront's heading: the store (and the choice of another), the user's orders and the cart. */
export function StoreHeader({
  stores,
  store,
  onStore,
  children,
}: {
  stores: ShopStore[];
  store: ShopStore;
  onStore: (id: number) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: "column", md: "row" }} spacing={2} useFlexGap sx={{ alignItems: { md: "center" }, justifyContent: "space-between" }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", minWidth: 0 }}>
        {store.logoUrl ? <Avatar src={store.logoUrl} alt="" variant="rounded" sx={{ width: 48, height: 48 }} /> : null}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h2" sx={{ overflowWrap: "anywhere" }}>
            {store.name}
          </Typography>
          {store.clinic.name ? (
            <Typography variant="body2" color="text.secondary">
              {store.clinic.name}
            </Typography>
          ) : null}
        </Box>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <StoreSelect stores={stores} value={store.id} onChange={onStore} />
        {children}
        <Button component={RouterLink} to={MY_ORDERS_SCREEN} startIcon={<ReceiptLongOutlined />}>
          {t("shopStore.myOrders")}
        </Button>
        <CartButton storeId={store.id} />
      </Stack>
    </Stack>
  );
}
