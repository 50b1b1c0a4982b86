import type { ProductQuoteDetail, ProductQuoteRow, PublicProductQuote } from "@clinic/shared";

/** A quote as the server answers it, for the screens' and the editor's tests: a patient's second revision, sent, with a product and a free line. */
export const sampleQuote = (extra: Partial<ProductQuoteDetail> = {}): ProductQuoteDetail => ({
  id: 12,
  rootId: 9,
  number: "Q-2026-0007",
  revision: 2,
  label: "Q-2026-0007 rev. 2",
  state: "sent",
  clientKind: "patient",
  clientName: "Lucía Gómez",
  clientEmail: "lucia@example.com",
  currency: "EUR",
  totalCents: 12_100,
  validUntil: "2099-06-30",
  createdAt: "2026-05-02T10:00:00.000Z",
  sentAt: "2026-05-02T11:00:00.000Z",
  createdBy: { id: "s1", name: "Ana Ruiz" },
  clinic: { id: "c1", name: "Clínica Norte" },
  patientId: "0b6c1b1e-3f7c-4a53-9d53-2f1f6a6f0a11",
  crmClientId: null,
  language: "es",
  taxRateBp: 2100,
  discountCents: 1000,
  linesCents: 11_000,
  subtotalCents: 10_000,
  taxCents: 2100,
  termsEn: "Payment on delivery.",
  termsEs: "Pago a la entrega.",
  note: "Call her on Monday.",
  lines: [
    { id: 1, position: 1, kind: "product", refId: 5, description: "Balance board – Large", quantity: 2, unitCents: 4000, discountCents: 500, totalCents: 7500 },
    { id: 2, position: 2, kind: "free", refId: null, description: "Fitting session", quantity: 1, unitCents: 3500, discountCents: 0, totalCents: 3500 },
  ],
  viewedAt: null,
  decidedAt: null,
  acceptedName: null,
  declineReason: null,
  converted: null,
  publicPath: "/quotes/abcdefghijklmnopqrstuvwxyz012345",
  revisions: [
    { id: 9, revision: 1, state: "revised", totalCents: 13_000, createdAt: "2026-04-20T10:00:00.000Z", sentAt: "2026-04-20T11:00:00.000Z", decidedAt: null },
    { id: 12, revision: 2, state: "sent", totalCents: 12_100, createdAt: "2026-05-02T10:00:00.000Z", sentAt: "2026-05-02T11:00:00.000Z", decidedAt: null },
  ],
  history: [
    { action: "created", at: "2026-05-02T10:00:00.000Z", by: { id: "s1", name: "Ana Ruiz" } },
    { action: "sent", at: "2026-05-02T11:00:00.000Z", by: null },
  ],
  updatedAt: "2026-05-02T11:00:00.000Z",
  ...extra,
});

/** A row of the quotes list, the sample quote's own fields. */
export const quoteRow = (id: number, extra: Partial<ProductQuoteRow> = {}): ProductQuoteRow => {
  const quote = sampleQuote();
  const fields = [
    "rootId",
    "number",
    "revision",
    "label",
    "state",
    "clientKind",
    "clientName",
    "clientEmail",
    "currency",
    "totalCents",
    "validUntil",
    "createdAt",
    "sentAt",
    "createdBy",
    "clinic",
  ] as const;
  return { ...(Object.fromEntries(fields.map((field) => [field, quote[field]])) as Omit<ProductQuoteRow, "id">), id, ...extra };
};

/** What the client's link answers for the sample quote. */
export const samplePublicQuote = (extra: Partial<PublicProductQuote> = {}): PublicProductQuote => {
  const quote = sampleQuote();
  return {
    label: quote.label,
    state: "viewed",
    clinicName: "Clínica Norte",
    clientName: quote.clientName,
    language: "en",
    currency: quote.currency,
    lines: quote.lines.map(({ position, description, quantity, unitCents, discountCents, totalCents }) => ({
      position,
      description,
      quantity,
      unitCents,
      discountCents,
      totalCents,
    })),
    linesCents: quote.linesCents,
    discountCents: quote.discountCents,
    subtotalCents: quote.subtotalCents,
    taxRateBp: quote.taxRateBp,
    taxCents: quote.taxCents,
    totalCents: quote.totalCents,
    validUntil: quote.validUntil,
    termsEn: quote.termsEn,
    termsEs: quote.termsEs,
    open: true,
    decidedAt: null,
    acceptedName: null,
    ...extra,
  };
};
