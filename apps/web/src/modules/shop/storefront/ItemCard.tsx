import type { StorefrontItem } from "@clinic/shared";
import Inventory2Outlined from "@mui/icons-material/Inventory2Outlined";
import { Box, Card, CardActionArea, CardContent, Chip, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation } from "react-router";
import { useMoney } from "../orders/money.ts";
import { bundleScreen, productScreen } from "./api.ts";

/**
 * One product or bundle of the storefront: its picture, name, lowest price and whether it can be
 * bought now. `eager`: a card of the first rows, whose picture is asked for at once rather than
 * once laid out (the page's largest paint is one of them).
 */
export function ItemCard({ item, currency, eager = false }: { item: StorefrontItem; currency: string; eager?: boolean }) {
  const { t } = useTranslation();
  const money = useMoney(currency);
  const location = useLocation();
  const bundle = item.kind === "bundle";
  return (
    <Card variant="outlined" sx={{ height: "100%" }}>
      <CardActionArea
        component={RouterLink}
        to={bundle ? bundleScreen(item.id) : productScreen(item.id)}
        state={{ back: `${location.pathname}${location.search}` }}
        sx={{ height: "100%", display: "flex", flexDirection: "column", alignItems: "stretch" }}
      >
        <Box sx={{ position: "relative", aspectRatio: "4 / 3", bgcolor: "action.hover", display: "grid", placeItems: "center", color: "text.secondary" }}>
          {item.imageUrl ? (
            <img
              src={item.imageUrl}
              alt=""
              loading={eager ? "eager" : "lazy"}
              decoding="async"
              style={{ width: "100%", height: "100%", objectFit: "cover", opacity: item.inStock ? 1 : 0.6 }}
            />
          ) : (
            <Inventory2Outlined sx={{ fontSize: 48 }} aria-hidden />
          )}
          <Stack direction="row" spacing={0.5} sx={{ position: "absolute", top: 8, left: 8 }}>
            {bundle ? <Chip size="small" color="secondary" label={t("shopStore.bundle")} /> : null}
            {!item.inStock ? <Chip size="small" color="default" sx={{ bgcolor: "grey.800", color: "common.white" }} label={t("shopStore.outOfStock")} /> : null}
          </Stack>
        </Box>
        <CardContent sx={{ flexGrow: 1 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: "anywhere", lineHeight: 1.3 }}>
            {item.name}
          </Typography>
          {item.category ? (
            <Typography variant="body2" color="text.secondary">
              {item.category.name}
            </Typography>
          ) : null}
          <Typography sx={{ mt: 1, fontWeight: 700 }}>{bundle ? money(item.fromCents) : t("shopStore.from", { price: money(item.fromCents) })}</Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
