import type { StorefrontProduct } from "@clinic/shared";
import { Alert, Box, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Loading } from "../../../lib/components/Loading.tsx";
import { RichTextView } from "../../../lib/components/RichTextView.tsx";
import { useResource } from "../../../lib/resource.ts";
import { BackLink } from "../orders/BackLink.tsx";
import { useMoney } from "../orders/money.ts";
import { idParam } from "../orders/url-params.ts";
import { AddToCart } from "./AddToCart.tsx";
import { PRODUCT_KEY, productPath, STORE_SCREEN, storeScreen } from "./api.ts";
import { ImageGallery } from "./ImageGallery.tsx";
import { StockNote } from "./StockNote.tsx";
import { useStorefrontStoreById } from "./useStores.ts";

/** shopProduct: one product on sale: pictures, description, its variants with price and stock, and adding to the cart. */
export function ProductPage() {
  const { t } = useTranslation();
  const id = idParam(useParams().id);
  const { data: product, network, refetch } = useResource<StorefrontProduct>([PRODUCT_KEY, id], id === null ? null : productPath(id), { quiet: true });
  if (id === null || (!product && network.error)) {
    return (
      <Box sx={{ maxWidth: 640 }}>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {id === null || network.status === 404 ? t("shopStore.product.notFound") : network.message}
        </Alert>
        <BackLink to={STORE_SCREEN} label={t("shopStore.backToStore")} />
      </Box>
    );
  }
  return <WithStore product={product} refetch={refetch} />;
}

/** The product's prices are in its store's currency, which the list of stores gives. */
function WithStore({ product, refetch }: { product: StorefrontProduct | undefined; refetch: () => unknown }) {
  const { t } = useTranslation();
  const { store, loaded } = useStorefrontStoreById(product?.storeId);
  if (!product || !loaded) return <Loading />;
  if (!store) return <Alert severity="warning">{t("shopStore.product.notFound")}</Alert>;
  return <Product product={product} currency={store.currency} refetch={refetch} />;
}

/** The first variant that can be bought, else the first. */
const firstChoice = (product: StorefrontProduct) => (product.variants.find((variant) => variant.stock > 0) ?? product.variants[0])?.id ?? null;

function Product({ product, currency, refetch }: { product: StorefrontProduct; currency: string; refetch: () => unknown }) {
  const { t } = useTranslation();
  const money = useMoney(currency);
  const [chosenId, setChosenId] = useState<number | null>(() => firstChoice(product));
  const variant = product.variants.find((one) => one.id === chosenId) ?? product.variants[0];
  const several = product.variants.length > 1;

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100, minWidth: 0 }}>
      <Box>
        <BackLink to={STORE_SCREEN} label={t("shopStore.backToStore")} fallback={storeScreen(product.storeId)} />
      </Box>
      <Box sx={{ display: "grid", gap: { xs: 2, md: 4 }, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 5fr) minmax(0, 6fr)" } }}>
        <ImageGallery images={product.images} name={product.name} />
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Box>
            {product.category ? (
              <Typography variant="body2" color="text.secondary">
                {product.category.name}
              </Typography>
            ) : null}
            <Typography variant="h5" component="h2" sx={{ overflowWrap: "anywhere" }}>
              {product.name}
            </Typography>
          </Box>
          {variant ? (
            <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: "baseline", flexWrap: "wrap" }}>
              <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
                {money(variant.priceCents)}
              </Typography>
              <StockNote stock={variant.stock} />
            </Stack>
          ) : null}
          {several ? (
            <FormControl component="fieldset">
              <FormLabel component="legend">{t("shopStore.product.variant")}</FormLabel>
              <RadioGroup name="variant" value={variant?.id ?? ""} onChange={(event) => setChosenId(Number(event.target.value))}>
                {product.variants.map((one) => (
                  <FormControlLabel
                    key={one.id}
                    value={one.id}
                    control={<Radio />}
                    label={
                      <span>
                        {one.name || one.sku} · {money(one.priceCents)}
                        {one.stock <= 0 ? ` · ${t("shopStore.outOfStock")}` : ""}
                      </span>
                    }
                  />
                ))}
              </RadioGroup>
            </FormControl>
          ) : null}
          {variant ? (
            <AddToCart
              key={variant.id}
              storeId={product.storeId}
              target={{ variantId: variant.id }}
              stock={variant.stock}
              name={several && variant.name ? `${product.name} (${variant.name})` : product.name}
              onStale={refetch}
            />
          ) : (
            <Alert severity="warning">{t("shopStore.add.soldOut")}</Alert>
          )}
          {product.description ? (
            <Box component="section" aria-label={t("shopStore.product.description")}>
              <RichTextView html={product.description} />
            </Box>
          ) : null}
        </Stack>
      </Box>
    </Stack>
  );
}
