import { SHOP_CART_QUANTITY_MAX, type ShopCart } from "@clinic/shared";

/** What a cart line sells: a product's variant, or a bundle. */
export type CartTarget = { variantId: number } | { bundleId: number };

type CartLine = ShopCart["lines"][number];
/** What these rules read of a cart: its lines' targets, quantities and availability. */
type CartFacts = { lines: readonly Pick<CartLine, "variantId" | "bundleId" | "quantity" | "available" | "onSale">[] };

const isLineOf = (line: Pick<CartLine, "variantId" | "bundleId">, target: CartTarget) =>
  "variantId" in target ? line.variantId === target.variantId : line.bundleId === target.bundleId;

/** How many of it the cart holds now (0 when none). */
export function quantityInCart(cart: CartFacts | undefined, target: CartTarget): number {
  return cart?.lines.find((line) => isLineOf(line, target))?.quantity ?? 0;
}

/**
 * The quantity to send when adding: the cart call SETS a line's quantity, so adding 2 to a line
 * of 3 sends 5. Never above the most a line may hold.
 */
export function quantityAfterAdding(cart: CartFacts | undefined, target: CartTarget, chosen: number): number {
  return Math.min(SHOP_CART_QUANTITY_MAX, quantityInCart(cart, target) + chosen);
}

/** How many more can be added: what is in stock and what a line may hold, less what the cart has. */
export function roomToAdd(stock: number, inCart: number): number {
  return Math.max(0, Math.min(stock, SHOP_CART_QUANTITY_MAX) - inCart);
}

/** The units in the cart, for the cart button's badge. */
export function itemCount(cart: CartFacts | undefined): number {
  return cart?.lines.reduce((count, line) => count + line.quantity, 0) ?? 0;
}

export type LineIssue = "offSale" | "soldOut" | "overStock";

/** Why a line cannot be checked out as it is: off sale, sold out, or more than is left. */
export function lineIssue(line: Pick<CartLine, "onSale" | "available" | "quantity">): LineIssue | null {
  if (!line.onSale) return "offSale";
  if (line.available <= 0) return "soldOut";
  if (line.quantity > line.available) return "overStock";
  return null;
}

/** Checkout waits until the cart has lines and every one of them can be sold as it is. */
export function checkoutBlocked(cart: CartFacts): boolean {
  return cart.lines.length === 0 || cart.lines.some((line) => lineIssue(line) !== null);
}
