import type { OrderSummary } from "@clinic/shared";
import type { ExportColumn } from "../../../platform/exports.ts";

const HEADERS = {
  en: ["Order", "Created", "Buyer", "Email", "Plan", "Billing", "From", "To", "State", "Net", "Tax", "Total", "Currency", "Paid", "Invoice"],
  es: [
    "Pedido",
    "Creado",
    "Comprador",
    "Correo",
    "Plan",
    "Facturación",
    "Desde",
    "Hasta",
    "Estado",
    "Base",
    "Impuesto",
    "Total",
    "Moneda",
    "Pagado",
    "Factura",
  ],
} as const;

const amount = (cents: number) => (cents / 100).toFixed(2);

/** The payment history's columns in the reader's language; amounts as plain decimals a spreadsheet sums. */
export function billingExportColumns(language: string): ExportColumn<OrderSummary>[] {
  const h = language === "es" ? HEADERS.es : HEADERS.en;
  return [
    { header: h[0], value: (o) => o.number, width: 12 },
    { header: h[1], value: (o) => o.createdAt.slice(0, 10), width: 12 },
    { header: h[2], value: (o) => o.buyer.name, width: 28 },
    { header: h[3], value: (o) => o.buyer.email, width: 28 },
    { header: h[4], value: (o) => o.plan, width: 20 },
    { header: h[5], value: (o) => o.billing, width: 10 },
    { header: h[6], value: (o) => o.periodFrom, width: 12 },
    { header: h[7], value: (o) => o.periodTo, width: 12 },
    { header: h[8], value: (o) => o.state, width: 10 },
    { header: h[9], value: (o) => amount(o.netCents), width: 10 },
    { header: h[10], value: (o) => amount(o.taxCents), width: 10 },
    { header: h[11], value: (o) => amount(o.totalCents), width: 10 },
    { header: h[12], value: (o) => o.currency, width: 8 },
    { header: h[13], value: (o) => o.paidAt?.slice(0, 10) ?? "", width: 12 },
    { header: h[14], value: (o) => o.invoiceNumber ?? "", width: 14 },
  ];
}
