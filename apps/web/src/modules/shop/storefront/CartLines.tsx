import { SHOP_CART_LINES_MAX, SHOP_CART_QUANTITY_MAX, type ShopCart } from "@clinic/shared";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { Alert, Box, Button, IconButton, Link, Stack, Typography } from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { useNotices } from "../../../lib/notices.tsx";
import { LineAmounts, LineThumb } from "../orders/LineParts.tsx";
import { useMoney } from "../orders/money.ts";
import { bundleScreen, CART_KEY, productScreen, setCartLine } from "./api.ts";
import { lineIssue } from "./cart.ts";
import { type CartRefusal, cartRefusal } from "./messages.ts";
import { QuantityStepper } from "./QuantityStepper.tsx";

type Line = ShopCart["lines"][number];

/** Sets a line's quantity (0 removes it), then reads the cart again as the server prices it. */
function useSetLine(storeId: number, onRefused: (lineId: number, refusal: Exclude<CartRefusal, { kind: "other" }>) => void) {
  const client = useQueryClient();
  const notices = useNotices();
  return useMutation({
    mutationFn: ({ line, quantity }: { line: Line; quantity: number }) =>
      setCartLine(storeId, line.bundleId !== null ? { bundleId: line.bundleId, quantity } : { variantId: line.variantId as number, quantity }),
    onSettled: () => client.invalidateQueries({ queryKey: [CART_KEY, storeId] }),
    onError: (error, { line }) => {
      const refused = cartRefusal(error);
      if (refused.kind === "other") notices.error(error);
      else onRefused(line.id, refused);
    },
  });
}

/**
 * The cart's lines: each with its price, a quantity to change, and a way to take it out. A line
 * that went off sale or above what is left says so, with the way to fix it: checkout waits.
 */
export function CartLines({ cart }: { cart: ShopCart }) {
  const { t } = useTranslation();
  const money = useMoney(cart.store.currency);
  const [refusals, setRefusals] = useState<Record<number, Exclude<CartRefusal, { kind: "other" }>>>({});
  const setLine = useSetLine(cart.store.id, (lineId, refusal) => setRefusals((current) => ({ ...current, [lineId]: refusal })));
  const change = (line: Line, quantity: number) => {
    setRefusals(({ [line.id]: _, ...rest }) => rest);
    setLine.mutate({ line, quantity });
  };
  return (
    <Stack component="ul" aria-label={t("shopStore.cartPage.lines")} spacing={2} sx={{ listStyle: "none", p: 0, m: 0 }}>
      {cart.lines.map((line) => {
        const issue = lineIssue(line);
        const refusal = refusals[line.id];
        const to = line.bundleId !== null ? bundleScreen(line.bundleId) : line.productId !== null ? productScreen(line.productId) : null;
        return (
          <Box component="li" key={line.id} sx={{ borderBottom: 1, borderColor: "divider", pb: 2 }}>
            <Box sx={{ display: "flex", gap: 1.5, alignItems: "flex-start" }}>
              <LineThumb url={line.imageUrl} size={64} />
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                {to ? (
                  <Link component={RouterLink} to={to} sx={{ fontWeight: 500, overflowWrap: "anywhere" }}>
                    {line.name}
                  </Link>
                ) : (
                  <Typography sx={{ fontWeight: 500, overflowWrap: "anywhere" }}>{line.name}</Typography>
                )}
                <Typography variant="body2" color="text.secondary">
                  {line.bundleId !== null ? `${t("shopStore.bundle")} · ` : ""}
                  {t("shopStore.cartPage.each", { price: money(line.unitCents) })}
                </Typography>
              </Box>
              <LineAmounts line={line} currency={cart.store.currency} />
            </Box>
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", mt: 1, pl: { sm: 9.5 } }}
            >
              <QuantityStepper
                value={line.quantity}
                min={1}
                max={Math.min(SHOP_CART_QUANTITY_MAX, Math.max(line.available, 1))}
                onChange={(quantity) => change(line, quantity)}
                label={t("shopStore.add.quantityOf", { name: line.name })}
                disabled={!line.onSale || setLine.isPending}
              />
              <IconButton aria-label={t("shopStore.cartPage.remove", { name: line.name })} onClick={() => change(line, 0)} disabled={setLine.isPending}>
                <DeleteOutline />
              </IconButton>
            </Stack>
            {issue ? (
              <Alert
                severity="error"
                sx={{ mt: 1 }}
                action={
                  issue === "overStock" ? (
                    <Button color="inherit" size="small" onClick={() => change(line, line.available)} sx={{ whiteSpace: "nowrap" }}>
                      {t("shopStore.cartPage.setTo", { count: line.available })}
                    </Button>
                  ) : (
                    <Button color="inherit" size="small" onClick={() => change(line, 0)}>
                      {t("shopStore.cartPage.removeShort")}
                    </Button>
                  )
                }
              >
                {t(`shopStore.cartPage.issues.${issue}`, { count: line.available })}
              </Alert>
            ) : null}
            {refusal && !issue ? (
              <Alert severity="warning" role="alert" sx={{ mt: 1 }}>
                {refusal.kind === "stock"
                  ? t("shopStore.cartPage.onlyLeft", { count: refusal.available })
                  : refusal.kind === "offSale"
                    ? t("shopStore.add.offSale")
                    : t("shopStore.add.cartFull", { max: SHOP_CART_LINES_MAX })}
              </Alert>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
}
