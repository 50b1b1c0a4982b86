import { SHOP_CART_LINES_MAX, type ShopCart } from "@clinic/shared";
import AddShoppingCart from "@mui/icons-material/AddShoppingCart";
import { Alert, Button, Link, Stack, Typography } from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { useNotices } from "../../../lib/notices.tsx";
import { useResource } from "../../../lib/resource.ts";
import { CART_KEY, cartPath, cartScreen, setCartLine } from "./api.ts";
import { type CartTarget, quantityAfterAdding, quantityInCart, roomToAdd } from "./cart.ts";
import { type CartRefusal, cartRefusal } from "./messages.ts";
import { QuantityStepper } from "./QuantityStepper.tsx";

interface AddToCartProps {
  storeId: number;
  target: CartTarget;
  /** Units in stock now (the product's variant, or as many bundles as their parts allow). */
  stock: number;
  /** What is being added, for the quantity's label and the notice. */
  name: string;
  /** Reads the product or bundle again (its stock changed under the customer). */
  onStale: () => unknown;
}

/**
 * A quantity and "Add to cart". The cart's call sets a line's quantity, so this sends what the
 * cart holds plus what is chosen. More than is left (409) says how many are, from fresh stock.
 */
export function AddToCart({ storeId, target, stock, name, onStale }: AddToCartProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const notices = useNotices();
  const { data: cart } = useResource<ShopCart>([CART_KEY, storeId], cartPath(storeId), { quiet: true });
  const inCart = quantityInCart(cart, target);
  const room = roomToAdd(stock, inCart);
  const [chosen, setChosen] = useState(1);
  const [refusal, setRefusal] = useState<Exclude<CartRefusal, { kind: "other" }> | null>(null);
  const quantity = Math.max(1, Math.min(chosen, room));
  const add = useMutation({
    mutationFn: () => setCartLine(storeId, { ...target, quantity: quantityAfterAdding(cart, target, quantity) }),
    onSuccess: (updated) => {
      client.setQueryData([CART_KEY, storeId], updated);
      // The cart page's copies (priced per delivery) are stale now; they refetch when shown.
      void client.invalidateQueries({ queryKey: [CART_KEY, storeId], refetchType: "inactive" });
      setRefusal(null);
      setChosen(1);
      notices.success(t("shopStore.add.added", { count: quantity, name }));
    },
    onError: (error) => {
      const refused = cartRefusal(error);
      if (refused.kind === "other") return notices.error(error);
      // The stock or the offer changed under the customer: show them as they are now.
      setRefusal(refused);
      void onStale();
      void client.invalidateQueries({ queryKey: [CART_KEY, storeId] });
    },
  });

  return (
    <Stack spacing={1.5}>
      {stock <= 0 ? (
        <Alert severity="warning">{t("shopStore.add.soldOut")}</Alert>
      ) : room <= 0 ? (
        <Alert severity="info">{t("shopStore.add.allInCart", { count: inCart })}</Alert>
      ) : (
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
          <QuantityStepper value={quantity} min={1} max={room} onChange={setChosen} label={t("shopStore.add.quantityOf", { name })} />
          <Button variant="contained" size="large" startIcon={<AddShoppingCart />} disabled={add.isPending} onClick={() => add.mutate()}>
            {t("shopStore.add.button")}
          </Button>
        </Stack>
      )}
      {refusal ? (
        <Alert severity="warning" role="alert">
          {refusal.kind === "stock"
            ? refusal.available <= 0
              ? t("shopStore.add.nowSoldOut")
              : inCart > 0
                ? t("shopStore.add.onlyLeft", { count: refusal.available, inCart })
                : t("shopStore.add.onlyLeftChoose", { count: refusal.available })
            : refusal.kind === "offSale"
              ? t("shopStore.add.offSale")
              : t("shopStore.add.cartFull", { max: SHOP_CART_LINES_MAX })}
        </Alert>
      ) : null}
      {inCart > 0 ? (
        <Typography variant="body2">
          {t("shopStore.add.inCart", { count: inCart })}{" "}
          <Link component={RouterLink} to={cartScreen(storeId)}>
            {t("shopStore.add.viewCart")}
          </Link>
        </Typography>
      ) : null}
    </Stack>
  );
}
