import { SHOP_CART_LINES_MAX } from "./inputs.ts";

/**
 * The shop's refusals that the server decides (not the input schemas': SHOP_MESSAGES), as the API
 * answers them in English. They live here, beside the contract, so the screens translate them by
 * key instead of by a copy of their text.
 */

/** Field errors and 409s of managing a store (stores, products, offers, stock). */
export const SHOP_MANAGE_MESSAGES = {
  clinicNeeded: "Choose the clinic that runs this store.",
  notAClinic: "Not a clinic.",
  imageUnknown: "No such image among your uploads.",
  categoryTaken: "This store already has a category of that name.",
  categoryUnknown: "No such category in this store.",
  skuTaken: "Another product of this store has this SKU.",
  variantUnknown: "No such variant of this product.",
  inBundle: "A variant of it is sold in a bundle: take it out of the bundle first, or switch the product off.",
  codeTaken: "This store already has a discount with this code.",
  notInStore: "Not of this store.",
  discountUsed: "Orders have used this discount: switch it off instead of deleting it.",
  belowZero: "The stock cannot go below zero.",
} as const;

/** The note of a variant's first stock move (its opening stock), which the history shows translated. */
export const OPENING_STOCK_NOTE = "Opening stock";

/** The cart's refusals; the code ones are keyed as the pricing's refusals (ShopDiscountRefusal). */
export const CART_MESSAGES = {
  offSale: "This is no longer on sale.",
  tooMany: "Only {available} left.",
  cartFull: `A cart holds at most ${SHOP_CART_LINES_MAX} different items.`,
  codeUnknown: "No such code at this store.",
  inactive: "This code is not active.",
  notStarted: "This code is not valid yet.",
  ended: "This code has expired.",
  usedUp: "This code has been used up.",
  usedUpByCustomer: "You have already used this code as many times as it allows.",
  minOrder: "Your order does not reach this code's minimum yet.",
  nothingToDiscount: "This code does not apply to anything in your cart.",
} as const;

export const tooManyMessage = (available: number) => CART_MESSAGES.tooMany.replace("{available}", String(available));

/** Checkout's 409s. */
export const ORDER_MESSAGES = {
  emptyCart: "Your cart is empty.",
  offSale: "Something in your cart is no longer on sale: remove it to go on.",
  outOfStock: "Not enough stock left of: {names}. Your cart shows what is left.",
  codeGone: "The code {code} no longer applies to this order: {reason}",
  providerOff: "This way of paying is not offered.",
  cartChanged: "The cart changed while the order was being placed: look at it again.",
} as const;

/** The 409s of moving an order from one state to another. */
export const ORDER_STATE_MESSAGES = {
  notPending: "Only a pending order can be marked paid.",
  notPaid: "Only a paid order can be fulfilled.",
  notCancellable: "Only a pending or paid order can be cancelled.",
  notRefundable: "Only a paid or fulfilled order with something left to refund can be refunded.",
  customerCancel: "You can cancel an order only while it waits for its payment.",
} as const;
