import "../../../lib/zod-locale.ts";
import {
  type ProductQuoteCatalogueItem,
  type ProductQuoteClientKind,
  type ProductQuoteDetail,
  type ProductQuoteInput,
  type ProductQuoteLineKind,
  productQuoteInputSchema,
  type QuoteTotals,
  quoteTotals,
} from "@clinic/shared";
import type { Resolver } from "react-hook-form";
import type { PickerOption } from "../../../lib/components/SearchPicker.tsx";
import { convertingResolver, type PathErrors } from "../../../lib/forms.ts";
import { bpToPercentText, centsToText, parseMoney, parseWhole, percentToBp } from "../../../lib/money.ts";

/**
 * The quote editor's values and how they become the API's body. Amounts stay text while typed
 * ("12,50" becomes 1250 cents by moving digits, never through a float), the tax rate is a
 * percentage (basis points in the body), and the fields carry the API's names, so a 400's path
 * (`lines.2.discountCents`) lands on its own field.
 */

export interface QuoteLineRow {
  /** "free", or the catalogue item's kind once one is picked ("product" until then). */
  kind: ProductQuoteLineKind;
  refId: number | null;
  /** The picked item as the picker shows it. */
  itemLabel: string;
  /** The picked item's own currency, to warn when it is not the quote's. */
  itemCurrency: string;
  description: string;
  quantity: string;
  /** A decimal of the quote's currency as typed; "" on a catalogue line takes the catalogue's price. */
  unitCents: string;
  discountCents: string;
}

export interface QuoteFormValues {
  clientKind: ProductQuoteClientKind;
  patientId: PickerOption | null;
  crmClientId: PickerOption | null;
  clientName: string;
  clientEmail: string;
  /** "" keeps the client's own (a patient's account language; English otherwise). */
  language: "" | "en" | "es";
  currency: string;
  /** A percentage as typed ("21", "10,5"). */
  taxRateBp: string;
  discountCents: string;
  validUntil: string;
  termsEn: string;
  termsEs: string;
  note: string;
  lines: QuoteLineRow[];
}

/** The messages the form gives for what it cannot read, already in the interface language. */
export interface QuoteFormTexts {
  money: string;
  whole: string;
  percent: string;
}

export const CURRENCIES = ["EUR", "USD", "GBP", "MXN", "COP", "ARS", "CLP", "PEN", "CHF"] as const;

export const newLineRow = (kind: ProductQuoteLineKind = "product"): QuoteLineRow => ({
  kind,
  refId: null,
  itemLabel: "",
  itemCurrency: "",
  description: "",
  quantity: "1",
  unitCents: "",
  discountCents: "",
});

/** A catalogue item picked for a line: its kind, id, description and price fill the line (all may be changed after). */
export function pickedLine(line: QuoteLineRow, item: ProductQuoteCatalogueItem, language: string): QuoteLineRow {
  return {
    ...line,
    kind: item.kind,
    refId: item.refId,
    itemLabel: item.description,
    itemCurrency: item.currency,
    description: item.description,
    unitCents: centsToText(item.unitCents, item.currency, language),
  };
}

/** The local day `days` after `now`, as YYYY-MM-DD. */
export function dayAfter(now: Date, days: number): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
}

/** The editor's starting values: a quote to change, or a new one (valid for 30 days, one empty catalogue line). */
export function quoteFormValues(quote: ProductQuoteDetail | null, language: string, now = new Date()): QuoteFormValues {
  if (!quote)
    return {
      clientKind: "patient",
      patientId: null,
      crmClientId: null,
      clientName: "",
      clientEmail: "",
      language: "",
      currency: "EUR",
      taxRateBp: "0",
      discountCents: "",
      validUntil: dayAfter(now, 30),
      termsEn: "",
      termsEs: "",
      note: "",
      lines: [newLineRow()],
    };
  const money = (cents: number) => (cents === 0 ? "" : centsToText(cents, quote.currency, language));
  const named = { label: quote.clientEmail ? `${quote.clientName} (${quote.clientEmail})` : quote.clientName };
  return {
    clientKind: quote.clientKind,
    patientId: quote.patientId ? { id: quote.patientId, ...named } : null,
    crmClientId: quote.crmClientId !== null ? { id: String(quote.crmClientId), ...named } : null,
    clientName: quote.clientName,
    clientEmail: quote.clientEmail,
    language: quote.language === "es" ? "es" : "en",
    currency: quote.currency,
    taxRateBp: bpToPercentText(quote.taxRateBp, language),
    discountCents: money(quote.discountCents),
    validUntil: quote.validUntil,
    termsEn: quote.termsEn,
    termsEs: quote.termsEs,
    note: quote.note,
    lines: quote.lines.map((line) => ({
      kind: line.kind,
      refId: line.refId,
      itemLabel: line.kind === "free" ? "" : line.description,
      itemCurrency: "",
      description: line.description,
      quantity: String(line.quantity),
      unitCents: centsToText(line.unitCents, quote.currency, language),
      discountCents: money(line.discountCents),
    })),
  };
}

/** The form read into the API's body; what could not be read is named by its path. */
export function quoteBody(values: QuoteFormValues, texts: QuoteFormTexts): { payload: ProductQuoteInput; errors: PathErrors } {
  const errors: PathErrors = {};
  const currency = values.currency;
  /** "" is `empty`; typed text that is no amount is refused rather than dropped. */
  const money = (path: string, text: string, empty: number | null) => {
    if (text.trim() === "") return empty;
    const cents = parseMoney(text, currency);
    if (cents === null) errors[path] = texts.money;
    return cents ?? 0;
  };
  const lines = values.lines.map((line, index) => {
    const at = (column: string) => `lines.${index}.${column}`;
    const quantity = parseWhole(line.quantity);
    if (quantity === null) errors[at("quantity")] = texts.whole;
    return {
      kind: line.kind,
      refId: line.kind === "free" ? null : line.refId,
      description: line.description,
      quantity: quantity ?? 1,
      unitCents: money(at("unitCents"), line.unitCents, null),
      discountCents: money(at("discountCents"), line.discountCents, 0) ?? 0,
    };
  });
  const taxRateBp = values.taxRateBp.trim() === "" ? 0 : percentToBp(values.taxRateBp);
  if (taxRateBp === null) errors.taxRateBp = texts.percent;
  return {
    payload: {
      clientKind: values.clientKind,
      patientId: values.clientKind === "patient" ? (values.patientId?.id ?? null) : null,
      crmClientId: values.clientKind === "crm" && values.crmClientId ? Number(values.crmClientId.id) : null,
      // A patient's or a CRM client's name and email come from their record unless typed over.
      clientName: values.clientName,
      clientEmail: values.clientEmail.trim(),
      language: values.language === "" ? null : values.language,
      currency,
      taxRateBp: taxRateBp ?? 0,
      discountCents: money("discountCents", values.discountCents, 0) ?? 0,
      validUntil: values.validUntil,
      termsEn: values.termsEn,
      termsEs: values.termsEs,
      note: values.note,
      lines,
    },
    errors,
  };
}

const TOP_FIELDS = [
  "clientKind",
  "patientId",
  "crmClientId",
  "clientName",
  "clientEmail",
  "language",
  "currency",
  "taxRateBp",
  "discountCents",
  "validUntil",
  "termsEn",
  "termsEs",
  "note",
  "lines",
];
const LINE_FIELDS = ["kind", "refId", "description", "quantity", "unitCents", "discountCents"];

/** Which field shows a path's message: the field of that name (a line's own cell included), or null: the dialog's alert says it. */
export function quotePlacement(path: string): string | null {
  if (TOP_FIELDS.includes(path)) return path;
  const line = /^lines\.(\d+)\.(\w+)$/.exec(path);
  if (line && LINE_FIELDS.includes(line[2] ?? "")) return path;
  return null;
}

/**
 * The editor's resolver: the form read into the body, then the shared schema checks that body,
 * so the editor refuses what the server would, each message on its field.
 */
export const quoteResolver = (texts: () => QuoteFormTexts): Resolver<QuoteFormValues> =>
  convertingResolver(productQuoteInputSchema, (values: QuoteFormValues) => quoteBody(values, texts()), quotePlacement);

/**
 * The totals as typed so far, a preview (the server's, from the catalogue's prices, are the
 * truth once saved): a line whose amounts cannot be read yet counts as nothing, and `pending`
 * says some catalogue price is still to come from the server.
 */
export function previewTotals(
  values: Pick<QuoteFormValues, "lines" | "currency" | "discountCents" | "taxRateBp">,
): QuoteTotals & { taxRateBp: number; pending: boolean } {
  let pending = false;
  const read = (text: string) => (text.trim() === "" ? 0 : (parseMoney(text, values.currency) ?? 0));
  const lines = values.lines.map((line) => {
    if (line.unitCents.trim() === "" && line.kind !== "free") pending = true;
    return { quantity: parseWhole(line.quantity) ?? 0, unitCents: read(line.unitCents), discountCents: read(line.discountCents) };
  });
  const taxRateBp = Math.min(values.taxRateBp.trim() === "" ? 0 : (percentToBp(values.taxRateBp) ?? 0), 10_000);
  return { ...quoteTotals(lines, read(values.discountCents), taxRateBp), taxRateBp, pending };
}
