import type { ShopCart } from "@clinic/shared";
import ShoppingCartOutlined from "@mui/icons-material/ShoppingCartOutlined";
import { Badge, Box, Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { useResource } from "../../../lib/resource.ts";
import { VISUALLY_HIDDEN } from "../../../lib/visually-hidden.ts";
import { CART_KEY, cartPath, cartScreen } from "./api.ts";
import { itemCount } from "./cart.ts";

/** The way to the cart of this store, with how many units it holds (said in words, not by the badge alone). */
export function CartButton({ storeId }: { storeId: number }) {
  const { t } = useTranslation();
  const { data: cart } = useResource<ShopCart>([CART_KEY, storeId], cartPath(storeId), { quiet: true });
  const count = itemCount(cart);
  return (
    <Button
      component={RouterLink}
      to={cartScreen(storeId)}
      variant="contained"
      startIcon={
        <Badge badgeContent={count} color="secondary" max={99} aria-hidden>
          <ShoppingCartOutlined />
        </Badge>
      }
    >
      {t("shopStore.cart")}
      {/* The count in words for screen readers; the badge only shows it. */}
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {t("shopStore.cartCount", { count })}
      </Box>
    </Button>
  );
}
