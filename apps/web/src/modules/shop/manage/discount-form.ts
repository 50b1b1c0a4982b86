import type { DiscountInput, ShopDiscount } from "@clinic/shared";
import { fromLocalInput, toLocalInput } from "../../../lib/dates.ts";
import type { Converted, PathErrors } from "../../../lib/forms.ts";
import { bpToPercentText, centsToText, parseMoney, parseWhole, percentToBp } from "../../../lib/money.ts";

export interface Chosen {
  id: string;
  label: string;
}

/** A discount as typed: amounts, limits and times as text until saved. */
export interface DiscountValues {
  title: string;
  /** No code: the discount applies by itself to every order it fits. */
  automatic: boolean;
  code: string;
  kind: "percent" | "fixed";
  /** A percentage ("10") or an amount ("5.00"), by `kind`. */
  value: string;
  /** DateTimeField values in the viewer's local time; "" for none. */
  startsAt: string;
  endsAt: string;
  minOrderCents: string;
  /** "" for no limit. */
  usageLimit: string;
  perCustomerLimit: string;
  productIds: Chosen[];
  bundleIds: Chosen[];
  categoryIds: Chosen[];
  combinable: boolean;
  active: boolean;
}

const chosen = (rows: { id: number; name: string }[]): Chosen[] => rows.map((row) => ({ id: String(row.id), label: row.name }));

export function discountValues(discount: ShopDiscount | null, currency: string, language: string): DiscountValues {
  return {
    title: discount?.title ?? "",
    automatic: discount ? discount.code === null : false,
    code: discount?.code ?? "",
    kind: discount?.kind ?? "percent",
    value: discount ? (discount.kind === "percent" ? bpToPercentText(discount.value, language) : centsToText(discount.value, currency, language)) : "",
    startsAt: toLocalInput(discount?.startsAt ?? null),
    endsAt: toLocalInput(discount?.endsAt ?? null),
    minOrderCents: discount && discount.minOrderCents > 0 ? centsToText(discount.minOrderCents, currency, language) : "",
    usageLimit: discount?.usageLimit ? String(discount.usageLimit) : "",
    perCustomerLimit: discount?.perCustomerLimit ? String(discount.perCustomerLimit) : "",
    productIds: chosen(discount?.products ?? []),
    bundleIds: chosen(discount?.bundles ?? []),
    categoryIds: chosen(discount?.categories ?? []),
    combinable: discount?.combinable ?? false,
    active: discount?.active ?? true,
  };
}

export interface DiscountTexts {
  money: string;
  percent: string;
  whole: string;
  instant: string;
}

/** The form read into the API's body; what cannot be read is named by its field. */
export function discountBody(values: DiscountValues, currency: string, texts: DiscountTexts): Converted<DiscountInput> {
  const errors: PathErrors = {};
  const value = values.kind === "percent" ? percentToBp(values.value) : parseMoney(values.value, currency);
  if (value === null) errors.value = values.kind === "percent" ? texts.percent : texts.money;
  const instant = (field: "startsAt" | "endsAt") => {
    if (values[field].trim() === "") return null;
    const iso = fromLocalInput(values[field]);
    if (!iso) errors[field] = texts.instant;
    return iso || null;
  };
  const minOrderCents = values.minOrderCents.trim() === "" ? 0 : parseMoney(values.minOrderCents, currency);
  if (minOrderCents === null) errors.minOrderCents = texts.money;
  const limit = (field: "usageLimit" | "perCustomerLimit") => {
    if (values[field].trim() === "") return null;
    const count = parseWhole(values[field]);
    if (count === null) errors[field] = texts.whole;
    return count;
  };
  return {
    payload: {
      title: values.title,
      code: values.automatic ? null : values.code.trim().toUpperCase(),
      kind: values.kind,
      value: value ?? 0,
      startsAt: instant("startsAt"),
      endsAt: instant("endsAt"),
      minOrderCents: minOrderCents ?? 0,
      usageLimit: limit("usageLimit"),
      perCustomerLimit: limit("perCustomerLimit"),
      productIds: values.productIds.map((one) => Number(one.id)),
      bundleIds: values.bundleIds.map((one) => Number(one.id)),
      categoryIds: values.categoryIds.map((one) => Number(one.id)),
      combinable: values.combinable,
      active: values.active,
    },
    errors,
  };
}

const FIELDS = ["title", "code", "kind", "value", "startsAt", "endsAt", "minOrderCents", "usageLimit", "perCustomerLimit", "combinable", "active"];

/** Where a discount's error shows: its field, or the picker of a list (`productIds.2` on the products). */
export function discountPlacement(path: string): string | null {
  if (FIELDS.includes(path)) return path;
  const list = /^(productIds|bundleIds|categoryIds)(\.\d+)?$/.exec(path);
  return list ? (list[1] as string) : null;
}

/** A saved discount as the body that saves it unchanged but for `changes` (switching it off). */
export function discountInput(discount: ShopDiscount, changes: Partial<DiscountInput> = {}): DiscountInput {
  return {
    title: discount.title,
    code: discount.code,
    kind: discount.kind,
    value: discount.value,
    startsAt: discount.startsAt,
    endsAt: discount.endsAt,
    minOrderCents: discount.minOrderCents,
    usageLimit: discount.usageLimit,
    perCustomerLimit: discount.perCustomerLimit,
    productIds: discount.products.map((one) => one.id),
    bundleIds: discount.bundles.map((one) => one.id),
    categoryIds: discount.categories.map((one) => one.id),
    combinable: discount.combinable,
    active: discount.active,
    ...changes,
  };
}

/** Where a discount stands now, for its chip: off, not started, ended, used up, or running. */
export function discountState(discount: ShopDiscount, now: number): "off" | "scheduled" | "ended" | "usedUp" | "running" {
  if (!discount.active) return "off";
  if (discount.startsAt && Date.parse(discount.startsAt) > now) return "scheduled";
  if (discount.endsAt && Date.parse(discount.endsAt) <= now) return "ended";
  if (discount.usageLimit !== null && discount.used >= discount.usageLimit) return "usedUp";
  return "running";
}
