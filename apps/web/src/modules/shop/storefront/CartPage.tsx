import type { Fulfilment, ShopCart, ShopStore } from "@clinic/shared";
import ArrowBack from "@mui/icons-material/ArrowBack";
import ShoppingCartOutlined from "@mui/icons-material/ShoppingCartOutlined";
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from "@mui/material";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { type ApiError, get } from "../../../lib/api.ts";
import { Loading } from "../../../lib/components/Loading.tsx";
import { OrderTotals } from "../orders/OrderTotals.tsx";
import { Section } from "../orders/OrderView.tsx";
import { StoreSelect } from "../orders/StoreSelect.tsx";
import { CART_KEY, cartPath, storeScreen } from "./api.ts";
import { CartLines } from "./CartLines.tsx";
import { CheckoutForm } from "./CheckoutForm.tsx";
import { DiscountCode } from "./DiscountCode.tsx";
import { useStorefrontStore } from "./useStores.ts";

/** shopCart: the cart at one store (`?store=`), its discount code, the server's totals, and checkout. */
export function CartPage() {
  const { t } = useTranslation();
  const { stores, store, network, choose } = useStorefrontStore();
  if (!stores) return network.error ? <Alert severity="warning">{network.message}</Alert> : <Loading />;
  if (!store) return <Alert severity="info">{t("shopStore.noStoreText")}</Alert>;
  return <Cart key={store.id} stores={stores} store={store} onStore={choose} />;
}

/**
 * The cart priced for the way it will reach the customer: shipping is added only when it is
 * sent, and the server is the one to add it. The previous answer stays on screen while the
 * other is fetched, so switching does not blank the page.
 */
function useCart(storeId: number, fulfilment: Fulfilment) {
  return useQuery<ShopCart, ApiError>({
    queryKey: [CART_KEY, storeId, fulfilment],
    queryFn: ({ signal }) => get<ShopCart>(`${cartPath(storeId)}?fulfilment=${fulfilment}`, signal),
    placeholderData: keepPreviousData,
  });
}

function Cart({ stores, store, onStore }: { stores: ShopStore[]; store: ShopStore; onStore: (id: number) => void }) {
  const { t } = useTranslation();
  const [fulfilment, setFulfilment] = useState<Fulfilment>("ship");
  const { data: cart, error, isFetching } = useCart(store.id, fulfilment);
  const back = (
    <Button component={RouterLink} to={storeScreen(store.id)} startIcon={<ArrowBack />}>
      {t("shopStore.cartPage.continue")}
    </Button>
  );
  const header = (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2} useFlexGap sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}>
      <Typography variant="h5" component="h2" sx={{ overflowWrap: "anywhere" }}>
        {t("shopStore.cartPage.title", { store: store.name })}
      </Typography>
      <StoreSelect stores={stores} value={store.id} onChange={onStore} />
    </Stack>
  );
  if (!cart) {
    return (
      <Stack spacing={2}>
        {header}
        {error ? <Alert severity="warning">{error.status === 404 ? t("shopStore.noStoreText") : error.message}</Alert> : <Loading />}
        <Box>{back}</Box>
      </Stack>
    );
  }
  if (cart.lines.length === 0) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 1200 }}>
        {header}
        <Box sx={{ textAlign: "center", py: 6 }}>
          <ShoppingCartOutlined sx={{ fontSize: 64, color: "text.secondary" }} aria-hidden />
          <Typography variant="h6" component="p">
            {t("shopStore.cartPage.empty")}
          </Typography>
          <Button component={RouterLink} to={storeScreen(store.id)} variant="contained" sx={{ mt: 2 }}>
            {t("shopStore.cartPage.browse")}
          </Button>
        </Box>
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200, minWidth: 0 }}>
      {header}
      <Box sx={{ height: 4 }}>{isFetching ? <LinearProgress aria-label={t("shopStore.cartPage.updating")} /> : null}</Box>
      <Box sx={{ display: "grid", gap: 2, alignItems: "start", gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 7fr) minmax(0, 5fr)" } }}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Section title={t("shopStore.cartPage.items", { count: cart.lines.length })}>
            <CartLines cart={cart} />
          </Section>
          <Box>{back}</Box>
        </Stack>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Card variant="outlined" component="section" aria-labelledby="cart-summary-heading">
            <CardContent>
              <Stack spacing={2}>
                <Typography id="cart-summary-heading" variant="h6" component="h2">
                  {t("shopStore.cartPage.summary")}
                </Typography>
                <DiscountCode cart={cart} />
                <OrderTotals totals={cart} currency={cart.store.currency} shipping={fulfilment === "ship"} label={t("shopStore.cartPage.totals")} />
              </Stack>
            </CardContent>
          </Card>
          <Section title={t("shopStore.checkout.title")}>
            <CheckoutForm cart={cart} fulfilment={fulfilment} onFulfilment={setFulfilment} />
          </Section>
        </Stack>
      </Box>
    </Stack>
  );
}
