import type { Invoice } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import { startSmtpServer } from "../../../../test/smtp.ts";
import type { OutgoingMail } from "../../../platform/mail.ts";
import { smtpTransport } from "../../../platform/mail.ts";
import {
  type BillingRecipient,
  membershipExpiredMail,
  membershipExpiringMail,
  type NewOrderFacts,
  orderCancelledMail,
  orderCreatedMail,
  orderRefundedMail,
  paymentReceivedMail,
} from "./billing-mails.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";

/** Each billing email, in English and Spanish: its facts, absolute links, attachments and escaped html. */

const links = { link: (path: string) => new URL(path, "https://clinic.example/").toString() };
const english: BillingRecipient = { email: "owner@clinic.test", language: "en", userId: "u-1", name: "Ana Pérez" };
const spanish: BillingRecipient = { ...english, language: "es" };

const order: NewOrderFacts = {
  id: 42,
  number: "ORD-2026-000042",
  plan: "Plan Pro",
  periodFrom: "2026-12-01",
  periodTo: "2027-11-30",
  totalCents: 145200,
  currency: "EUR",
  provider: "manual",
  instructions: "IBAN ES91 2100 0418 4502 0005 1332\nBeneficiary: Therapy Platform S.L.",
  checkoutUrl: null,
  expiresAt: "2026-12-04T10:00:00.000Z",
};
const invoice: Pick<Invoice, "number" | "totalCents" | "currency"> = { number: "2026-000123", totalCents: 145200, currency: "EUR" };
const creditNote: Pick<Invoice, "number" | "totalCents" | "currency" | "creditsNumber"> = {
  number: "R2026-000001",
  totalCents: -145200,
  currency: "EUR",
  creditsNumber: "2026-000123",
};
const pdf = Buffer.from("%PDF-1.7\nbinary \u00ff\u0000 bytes\n%%EOF", "latin1");

/** The html's text, tags gone and entities undone, for what a reader sees. */
const htmlText = (html: string | undefined) =>
  (html ?? "")
    .replace(/<br>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
/** Every link of the html, absolute or not. */
const hrefs = (html: string | undefined) => [...(html ?? "").matchAll(/href="([^"]*)"/g)].map((match) => match[1]);

function expectFacts(mail: OutgoingMail, facts: readonly string[]) {
  for (const fact of facts) {
    expect(mail.text).toContain(fact);
    expect(htmlText(mail.html)).toContain(fact);
  }
}

function expectLinks(mail: OutgoingMail, expected: readonly string[]) {
  expect(hrefs(mail.html)).toEqual(expected);
  for (const url of expected) {
    expect(url).toMatch(/^https:\/\//);
    expect(mail.text).toContain(url);
  }
}

describe("orderCreatedMail (billing.order)", () => {
  it("tells a manual order's buyer what to transfer and which number to quote, in English", () => {
    const mail = orderCreatedMail(english, order, links);
    expect(mail).toMatchObject({ to: "owner@clinic.test", userId: "u-1", kind: "billing.order", subject: "Your order ORD-2026-000042: Plan Pro" });
    expectFacts(mail, [
      "Hello Ana Pérez,",
      "Plan Pro",
      "2026-12-01 to 2027-11-30",
      "Total: €1,452.00",
      "bank transfer of €1,452.00 quoting the order number ORD-2026-000042",
      "IBAN ES91 2100 0418 4502 0005 1332\nBeneficiary: Therapy Platform S.L.",
      "until 2026-12-04",
    ]);
    expect(mail.html).toContain("IBAN ES91 2100 0418 4502 0005 1332<br>Beneficiary: Therapy Platform S.L.");
    expectLinks(mail, ["https://clinic.example/manager/admin/getMembership/invoice/42"]);
    expect(mail.attachments).toBeUndefined();
  });

  it("in Spanish, with the amount formatted for Spain", () => {
    const mail = orderCreatedMail(spanish, order, links);
    expect(mail.subject).toBe("Su pedido ORD-2026-000042: Plan Pro");
    expectFacts(mail, [
      "Hola, Ana Pérez:",
      "del 2026-12-01 al 2027-11-30",
      "Total: 1452,00\u00a0€",
      "transferencia bancaria de 1452,00\u00a0€ indicando el número de pedido ORD-2026-000042",
      "IBAN ES91",
      "hasta el 2026-12-04",
    ]);
    expect(mail.text).not.toContain("bank transfer");
    expectLinks(mail, ["https://clinic.example/manager/admin/getMembership/invoice/42"]);
  });

  it("sends a Stripe order's buyer to the checkout page, without bank details", () => {
    const stripe = { ...order, provider: "stripe" as const, instructions: null, checkoutUrl: "https://checkout.stripe.test/c/pay/cs_123" };
    for (const [to, label] of [
      [english, "Pay it securely by card"],
      [spanish, "Páguelo con tarjeta"],
    ] as const) {
      const mail = orderCreatedMail(to, stripe, links);
      expectFacts(mail, [label]);
      expect(mail.text).not.toMatch(/transfer/);
      expectLinks(mail, ["https://checkout.stripe.test/c/pay/cs_123", "https://clinic.example/manager/admin/getMembership/invoice/42"]);
    }
  });

  it("writes no greeting without a name", () => {
    const mail = orderCreatedMail({ email: "x@clinic.test", language: "en" }, order, links);
    expect(mail.text.startsWith("We have received your order ORD-2026-000042")).toBe(true);
    expect(mail.userId).toBeNull();
  });
});

describe("paymentReceivedMail (billing.paid)", () => {
  it("confirms the payment with the invoice's number and total, the invoice PDF attached", () => {
    const mail = paymentReceivedMail(english, order, invoice, pdf, links);
    expect(mail).toMatchObject({ kind: "billing.paid", subject: "Payment received: invoice 2026-000123" });
    expectFacts(mail, ["payment of €1,452.00 for order ORD-2026-000042", "Plan Pro, 2026-12-01 to 2027-11-30", "Your invoice 2026-000123 is attached."]);
    expectLinks(mail, ["https://clinic.example/manager/admin/getMembership/invoice/42"]);
    expect(mail.attachments).toEqual([{ filename: "2026-000123.pdf", contentType: "application/pdf", content: pdf.toString("base64"), encoding: "base64" }]);
    expect(Buffer.from(mail.attachments?.[0]?.content ?? "", "base64").equals(pdf)).toBe(true);
  });

  it("in Spanish", () => {
    const mail = paymentReceivedMail(spanish, order, invoice, pdf, links);
    expect(mail.subject).toBe("Pago recibido: factura 2026-000123");
    expectFacts(mail, ["su pago de 1452,00\u00a0€ del pedido ORD-2026-000042", "del 2026-12-01 al 2027-11-30", "Le adjuntamos su factura 2026-000123."]);
    expect(mail.attachments?.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: "2026-000123.pdf", contentType: "application/pdf" },
    ]);
  });

  it("delivers the invoice PDF byte for byte over SMTP", async () => {
    const smtp = await startSmtpServer();
    const transport = smtpTransport(smtp.url, "billing@platform.test");
    try {
      const bytes = await renderInvoicePdf(
        {
          id: 1,
          kind: "invoice",
          number: "2026-000123",
          issuedAt: "2026-11-27T10:00:00.000Z",
          language: "es",
          seller: { name: "Therapy Platform S.L.", taxId: "B12345678", address: "Calle Mayor 1", email: "billing@platform.test" },
          buyer: { legalName: "Clínica Señora", taxId: "B1", address: "Calle 2", city: "Cádiz", postalCode: "11001", country: "España", email: "" },
          lines: [{ description: "Plan Pro", quantity: 1, unitCents: 120000, amountCents: 120000 }],
          netCents: 120000,
          taxRateBp: 2100,
          taxCents: 25200,
          totalCents: 145200,
          currency: "EUR",
          creditsNumber: null,
        },
        { orderNumber: "ORD-2026-000042", plan: "Plan Pro", periodFrom: "2026-12-01", periodTo: "2027-11-30", paymentReference: "TRF-1" },
      );
      const mail = paymentReceivedMail(spanish, order, invoice, bytes, links);
      // As the outbox row stores it (jsonb) and the delivery job reads it back.
      const stored = JSON.parse(JSON.stringify(mail)) as OutgoingMail;
      await transport.send({ from: transport.from, ...stored });
      const raw = smtp.messages[0]?.raw ?? "";
      expect(raw).toMatch(/Content-Type: application\/pdf; name=2026-000123\.pdf/);
      const part = raw.split(/filename=2026-000123\.pdf\r?\n\r?\n/)[1]?.split(/\r?\n--/)[0] ?? "";
      expect(Buffer.from(part.replace(/\s/g, ""), "base64").equals(bytes)).toBe(true);
    } finally {
      transport.close();
      await smtp.close();
    }
  });
});

describe("membershipExpiringMail (billing.expiring)", () => {
  it("says in how many days and on which day the membership ends, with the page to renew", () => {
    const mail = membershipExpiringMail(english, { plan: "Plan Pro", endsOn: "2026-12-10", daysLeft: 14 }, links);
    expect(mail).toMatchObject({ kind: "billing.expiring", subject: "Your membership ends in 14 days" });
    expectFacts(mail, ["Your membership Plan Pro ends in 14 days, on 2026-12-10."]);
    expectLinks(mail, ["https://clinic.example/manager/admin/getMembership"]);

    const es = membershipExpiringMail(spanish, { plan: "Plan Pro", endsOn: "2026-12-10", daysLeft: 3 }, links);
    expect(es.subject).toBe("Su membresía termina dentro de 3 días");
    expectFacts(es, ["Su membresía Plan Pro termina dentro de 3 días, el 2026-12-10.", "Renuévela"]);
    expectLinks(es, ["https://clinic.example/manager/admin/getMembership"]);
  });

  it("counts one day in the singular", () => {
    expect(membershipExpiringMail(english, { plan: "P", endsOn: "2026-12-10", daysLeft: 1 }, links).subject).toBe("Your membership ends in 1 day");
    expect(membershipExpiringMail(spanish, { plan: "P", endsOn: "2026-12-10", daysLeft: 1 }, links).subject).toBe("Su membresía termina dentro de 1 día");
  });
});

describe("membershipExpiredMail (billing.expired)", () => {
  it("gives the end, the last day of access (grace) and the page to renew", () => {
    const facts = { plan: "Plan Pro", endedOn: "2026-12-10", accessUntil: "2026-12-17" };
    const mail = membershipExpiredMail(english, facts, links);
    expect(mail).toMatchObject({ kind: "billing.expired", subject: "Your membership has ended: access until 2026-12-17" });
    expectFacts(mail, ["Your membership Plan Pro ended on 2026-12-10.", "You keep access until 2026-12-17"]);
    expectLinks(mail, ["https://clinic.example/manager/admin/getMembership"]);

    const es = membershipExpiredMail(spanish, facts, links);
    expect(es.subject).toBe("Su membresía ha terminado: acceso hasta el 2026-12-17");
    expectFacts(es, ["Su membresía Plan Pro terminó el 2026-12-10.", "Mantiene el acceso hasta el 2026-12-17"]);
    expectLinks(es, ["https://clinic.example/manager/admin/getMembership"]);
  });

  it("says access is locked when there is no grace", () => {
    const mail = membershipExpiredMail(english, { plan: "Plan Pro", endedOn: "2026-12-10", accessUntil: "2026-12-10" }, links);
    expectFacts(mail, ["The platform's features are locked until you renew."]);
    expect(mail.text).not.toContain("You keep access");
  });
});

describe("orderRefundedMail (billing.refunded)", () => {
  it("records the refund with the credit note's number, the invoice it corrects, and its PDF attached", () => {
    const mail = orderRefundedMail(english, order, creditNote, pdf, links);
    expect(mail).toMatchObject({ kind: "billing.refunded", subject: "Refund of order ORD-2026-000042: credit note R2026-000001" });
    expectFacts(mail, [
      "refund of €1,452.00 for order ORD-2026-000042 (Plan Pro)",
      "Credit note R2026-000001, which corrects invoice 2026-000123, is attached.",
    ]);
    expectLinks(mail, ["https://clinic.example/manager/admin/getMembership/invoice/42"]);
    expect(mail.attachments).toEqual([{ filename: "R2026-000001.pdf", contentType: "application/pdf", content: pdf.toString("base64"), encoding: "base64" }]);

    const es = orderRefundedMail(spanish, order, { ...creditNote, totalCents: 145200 }, pdf, links);
    expect(es.subject).toBe("Reembolso del pedido ORD-2026-000042: factura rectificativa R2026-000001");
    expectFacts(es, ["reembolso de 1452,00\u00a0€ del pedido ORD-2026-000042", "la factura rectificativa R2026-000001, que rectifica la factura 2026-000123."]);
    expect(es.attachments?.[0]?.filename).toBe("R2026-000001.pdf");
  });
});

describe("orderCancelledMail (billing.cancelled)", () => {
  it("tells of a cancelled order and of one expired unpaid, in both languages", () => {
    const cancelled = orderCancelledMail(english, order, "cancelled", links);
    expect(cancelled).toMatchObject({ kind: "billing.cancelled", subject: "Order ORD-2026-000042 cancelled" });
    expectFacts(cancelled, ["Order ORD-2026-000042 for the plan Plan Pro (€1,452.00) has been cancelled."]);
    expectLinks(cancelled, ["https://clinic.example/manager/admin/getMembership"]);

    const expired = orderCancelledMail(english, order, "expired", links);
    expect(expired.subject).toBe("Order ORD-2026-000042 expired unpaid");
    expectFacts(expired, ["expired without being paid"]);

    expect(orderCancelledMail(spanish, order, "cancelled", links).subject).toBe("Pedido ORD-2026-000042 cancelado");
    const es = orderCancelledMail(spanish, order, "expired", links);
    expect(es.subject).toBe("Pedido ORD-2026-000042 caducado sin pagar");
    expectFacts(es, ["El pedido ORD-2026-000042 del plan Plan Pro (1452,00\u00a0€) ha caducado sin pagarse"]);
    expectLinks(es, ["https://clinic.example/manager/admin/getMembership"]);
  });
});

describe("html escaping", () => {
  it("escapes what users wrote (plan names, names, bank details) and keeps it readable in the text", () => {
    const hostile = '<script>alert("x")</script>';
    const to = { ...english, name: `Ana ${hostile}` };
    const evil = { ...order, plan: `Pro ${hostile}`, instructions: `IBAN <b>ES91</b> & "co"\n${hostile}` };
    const mails = [
      orderCreatedMail(to, evil, links),
      paymentReceivedMail(to, evil, invoice, pdf, links),
      membershipExpiringMail(to, { plan: evil.plan, endsOn: "2026-12-10", daysLeft: 3 }, links),
      membershipExpiredMail(to, { plan: evil.plan, endedOn: "2026-12-10", accessUntil: "2026-12-17" }, links),
      orderRefundedMail(to, evil, creditNote, pdf, links),
      orderCancelledMail(to, evil, "expired", links),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toMatch(/<script|<b>/);
      expect(mail.html).toContain("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;");
      expect(mail.text).toContain(hostile);
      expect(htmlText(mail.html)).toContain(`Pro ${hostile}`);
    }
    expect(mails[0]?.html).toContain("IBAN &#60;b&#62;ES91&#60;/b&#62; &#38; &#34;co&#34;<br>");
  });

  it("escapes a link's address inside its attribute", () => {
    const mail = orderCreatedMail(english, { ...order, provider: "stripe", checkoutUrl: 'https://pay.test/?a=1&b="x"' }, links);
    expect(mail.html).toContain('href="https://pay.test/?a=1&#38;b=&#34;x&#34;"');
  });
});
