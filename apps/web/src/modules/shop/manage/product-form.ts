import type { ProductInput, ShopProduct } from "@clinic/shared";
import type { Converted, PathErrors } from "../../../lib/forms.ts";
import { centsToText, parseMoney, parseWhole } from "../../../lib/money.ts";

/** A variant row as typed: amounts and counts as text until saved. */
export interface VariantValues {
  /** The variant's id once saved (kept, with its stock history); none for a new row. */
  id?: number;
  sku: string;
  name: string;
  priceCents: string;
  /** The opening stock of a new row; a saved variant's stock moves only on the inventory screen. */
  stock: string;
  lowStockThreshold: string;
  active: boolean;
}

export interface ProductValues {
  name: string;
  description: string;
  /** "" for none. */
  categoryId: string;
  active: boolean;
  /** Uploaded images in order; the first is the product's picture. */
  imageUploadIds: { id: string; url: string }[];
  variants: VariantValues[];
}

/** Each row's typed cells, by the column names of the API (`variants.N.<column>`). */
export const VARIANT_COLUMNS = ["sku", "name", "priceCents", "stock", "lowStockThreshold", "active"] as const;

export const newVariant = (): VariantValues => ({ sku: "", name: "", priceCents: "", stock: "0", lowStockThreshold: "0", active: true });

export function productValues(product: ShopProduct | null, currency: string, language: string, categoryId: number | null): ProductValues {
  if (!product)
    return { name: "", description: "", categoryId: categoryId === null ? "" : String(categoryId), active: true, imageUploadIds: [], variants: [newVariant()] };
  return {
    name: product.name,
    description: product.description,
    categoryId: product.category ? String(product.category.id) : "",
    active: product.active,
    imageUploadIds: product.images.map((image) => ({ id: image.uploadId, url: image.url })),
    variants: product.variants.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      name: variant.name,
      priceCents: centsToText(variant.priceCents, currency, language),
      stock: String(variant.stock),
      lowStockThreshold: String(variant.lowStockThreshold),
      active: variant.active,
    })),
  };
}

export interface FormTexts {
  money: string;
  whole: string;
}

/** The form read into the API's body; a cell that is not an amount or a count is named by its path. */
export function productBody(values: ProductValues, currency: string, texts: FormTexts): Converted<ProductInput> {
  const errors: PathErrors = {};
  const variants = values.variants.map((variant, index) => {
    const at = (column: string) => `variants.${index}.${column}`;
    const priceCents = parseMoney(variant.priceCents, currency);
    if (priceCents === null) errors[at("priceCents")] = texts.money;
    const stock = parseWhole(variant.stock);
    if (stock === null) errors[at("stock")] = texts.whole;
    const lowStockThreshold = parseWhole(variant.lowStockThreshold);
    if (lowStockThreshold === null) errors[at("lowStockThreshold")] = texts.whole;
    return {
      ...(variant.id === undefined ? {} : { id: variant.id }),
      sku: variant.sku,
      name: variant.name,
      priceCents: priceCents ?? 0,
      stock: stock ?? 0,
      lowStockThreshold: lowStockThreshold ?? 0,
      active: variant.active,
    };
  });
  return {
    payload: {
      name: values.name,
      description: values.description,
      categoryId: values.categoryId === "" ? null : Number(values.categoryId),
      active: values.active,
      imageUploadIds: values.imageUploadIds.map((image) => image.id),
      variants,
    },
    errors,
  };
}

/** Where a product's error shows: a cell of the variants table, the images, the list itself, or a field. */
export function productPlacement(path: string): string | null {
  if (["name", "description", "categoryId", "active", "imageUploadIds", "variants"].includes(path)) return path;
  if (/^imageUploadIds\.\d+$/.test(path)) return "imageUploadIds";
  const cell = /^variants\.(\d+)\.(\w+)$/.exec(path);
  if (cell && (VARIANT_COLUMNS as readonly string[]).includes(cell[2] as string)) return path;
  // `variants.N.id` (a row saved meanwhile by someone else) has no cell: the dialog's alert says it.
  return null;
}
