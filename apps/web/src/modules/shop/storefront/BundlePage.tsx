import type { ShopBundle } from "@clinic/shared";
import { Alert, Box, Chip, Link, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams } from "react-router";
import { Loading } from "../../../lib/components/Loading.tsx";
import { RichTextView } from "../../../lib/components/RichTextView.tsx";
import { useResource } from "../../../lib/resource.ts";
import { BackLink } from "../orders/BackLink.tsx";
import { useMoney } from "../orders/money.ts";
import { idParam } from "../orders/url-params.ts";
import { AddToCart } from "./AddToCart.tsx";
import { BUNDLE_KEY, bundlePath, productScreen, STORE_SCREEN, storeScreen } from "./api.ts";
import { ImageGallery } from "./ImageGallery.tsx";
import { StockNote } from "./StockNote.tsx";
import { useStorefrontStoreById } from "./useStores.ts";

/** shopBundle: several products sold together: what is in it, its price against buying them apart, and adding it. */
export function BundlePage() {
  const { t } = useTranslation();
  const id = idParam(useParams().id);
  const { data: bundle, network, refetch } = useResource<ShopBundle>([BUNDLE_KEY, id], id === null ? null : bundlePath(id), { quiet: true });
  const { store, loaded } = useStorefrontStoreById(bundle?.storeId);
  if (id === null || (!bundle && network.error) || (bundle && loaded && !store)) {
    return (
      <Box sx={{ maxWidth: 640 }}>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {id === null || network.status === 404 || bundle ? t("shopStore.bundlePage.notFound") : network.message}
        </Alert>
        <BackLink to={STORE_SCREEN} label={t("shopStore.backToStore")} />
      </Box>
    );
  }
  if (!bundle || !store) return <Loading />;
  return <Bundle bundle={bundle} currency={store.currency} refetch={refetch} />;
}

function Bundle({ bundle, currency, refetch }: { bundle: ShopBundle; currency: string; refetch: () => unknown }) {
  const { t } = useTranslation();
  const money = useMoney(currency);
  const images = bundle.imageUrl ? [{ uploadId: "bundle", url: bundle.imageUrl }] : [];
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100, minWidth: 0 }}>
      <Box>
        <BackLink to={STORE_SCREEN} label={t("shopStore.backToStore")} fallback={storeScreen(bundle.storeId)} />
      </Box>
      <Box sx={{ display: "grid", gap: { xs: 2, md: 4 }, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 5fr) minmax(0, 6fr)" } }}>
        <ImageGallery images={images} name={bundle.name} />
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Box>
            <Chip size="small" color="secondary" label={t("shopStore.bundle")} sx={{ mb: 0.5 }} />
            <Typography variant="h5" component="h2" sx={{ overflowWrap: "anywhere" }}>
              {bundle.name}
            </Typography>
          </Box>
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: "baseline", flexWrap: "wrap" }}>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
              {money(bundle.priceCents)}
            </Typography>
            {bundle.partsCents > bundle.priceCents ? (
              <Typography color="text.secondary">
                {t("shopStore.bundlePage.separately")} <s>{money(bundle.partsCents)}</s>
              </Typography>
            ) : null}
            <StockNote stock={bundle.stock} />
          </Stack>
          <AddToCart storeId={bundle.storeId} target={{ bundleId: bundle.id }} stock={bundle.stock} name={bundle.name} onStale={refetch} />
          <Box component="section" aria-labelledby={`bundle-${bundle.id}-parts`}>
            <Typography id={`bundle-${bundle.id}-parts`} variant="h6" component="h3" sx={{ mb: 1 }}>
              {t("shopStore.bundlePage.contains")}
            </Typography>
            <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }}>
              {bundle.items.map((item) => (
                <Box component="li" key={item.variantId}>
                  <Box sx={{ minWidth: 0 }}>
                    <Link component={RouterLink} to={productScreen(item.productId)} sx={{ overflowWrap: "anywhere" }}>
                      {item.variant ? `${item.product} (${item.variant})` : item.product}
                    </Link>
                    <Typography variant="body2" color="text.secondary">
                      {t("shopStore.bundlePage.partLine", { quantity: item.quantity, price: money(item.priceCents) })}
                    </Typography>
                  </Box>
                </Box>
              ))}
            </Stack>
          </Box>
          {bundle.description ? (
            <Box component="section" aria-label={t("shopStore.product.description")}>
              <RichTextView html={bundle.description} />
            </Box>
          ) : null}
        </Stack>
      </Box>
    </Stack>
  );
}
