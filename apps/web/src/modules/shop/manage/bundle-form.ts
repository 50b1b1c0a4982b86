import type { BundleInput, ShopBundle } from "@clinic/shared";
import type { Converted, PathErrors } from "../../../lib/forms.ts";
import { centsToText, parseMoney, parseWhole } from "../../../lib/money.ts";

export interface BundleItemValues {
  variantId: number;
  /** What the row shows: product, variant and SKU. */
  label: string;
  quantity: string;
}

export interface BundleValues {
  name: string;
  description: string;
  priceCents: string;
  active: boolean;
  items: BundleItemValues[];
}

/** "T-shirt · M (TS-M)": a part as a manager recognises it. */
export const partLabel = (product: string, variant: string, sku: string) => `${variant ? `${product} · ${variant}` : product} (${sku})`;

export function bundleValues(bundle: ShopBundle | null, currency: string, language: string): BundleValues {
  return {
    name: bundle?.name ?? "",
    description: bundle?.description ?? "",
    priceCents: bundle ? centsToText(bundle.priceCents, currency, language) : "",
    active: bundle?.active ?? true,
    items: (bundle?.items ?? []).map((item) => ({
      variantId: item.variantId,
      label: partLabel(item.product, item.variant, item.sku),
      quantity: String(item.quantity),
    })),
  };
}

/** The form read into the API's body; a price or quantity that cannot be read is named by its path. */
export function bundleBody(values: BundleValues, currency: string, texts: { money: string; whole: string }): Converted<BundleInput> {
  const errors: PathErrors = {};
  const priceCents = parseMoney(values.priceCents, currency);
  if (priceCents === null) errors.priceCents = texts.money;
  const items = values.items.map((item, index) => {
    const quantity = parseWhole(item.quantity);
    if (quantity === null) errors[`items.${index}.quantity`] = texts.whole;
    return { variantId: item.variantId, quantity: quantity ?? 0 };
  });
  return { payload: { name: values.name, description: values.description, priceCents: priceCents ?? 0, active: values.active, items }, errors };
}

/** Where a bundle's error shows: a part's quantity, the part itself (`items.N.variantId`: of another store), or the parts as a whole. */
export function bundlePlacement(path: string): string | null {
  if (["name", "description", "priceCents", "active", "items"].includes(path)) return path;
  return /^items\.\d+\.(variantId|quantity)$/.test(path) ? path : null;
}
