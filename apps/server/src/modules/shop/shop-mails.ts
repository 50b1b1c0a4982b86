import { formatCents, type ShopOrderState } from "@clinic/shared";
import type { OutgoingMail } from "../../platform/mail.ts";
import { type BillingRecipient, compose, type MailLinks, type Paragraph } from "../clinic/billing/billing-mails.ts";

/**
 * The emails a customer gets as their order moves (issue 20.3), in their language: placed (with
 * how to pay), paid, sent or ready to collect, cancelled, refunded. Each links to the order.
 */

export const SHOP_MAIL_KINDS = {
  placed: "shop.placed",
  paid: "shop.paid",
  fulfilled: "shop.fulfilled",
  cancelled: "shop.cancelled",
  refunded: "shop.refunded",
} as const;

export const myOrderPath = (orderId: number) => `/shop/app/orders/${orderId}`;

export interface OrderMailFacts {
  id: number;
  number: string;
  store: string;
  storeAddress: string;
  currency: string;
  totalCents: number;
  provider: "manual" | "stripe";
  fulfilment: "ship" | "collect";
  lines: readonly { name: string; quantity: number }[];
  expiresAt: Date | null;
}

export type OrderMailEvent =
  | { kind: "placed"; bankDetails: string; checkoutUrl: string | null }
  | { kind: "paid" }
  | { kind: "fulfilled" }
  | { kind: "cancelled"; expired: boolean; refundedCents: number }
  | { kind: "refunded"; amountCents: number; refundedCents: number };

const day = (date: Date) => date.toISOString().slice(0, 10);

export function orderMail(to: BillingRecipient, order: OrderMailFacts, event: OrderMailEvent, links: MailLinks): OutgoingMail {
  const es = to.language === "es";
  const money = (cents: number) => formatCents(cents, order.currency, es ? "es" : "en");
  const total = money(order.totalCents);
  const items = { lines: order.lines.map((line) => `${line.quantity} × ${line.name}`).join("\n") };
  const link = { label: es ? "Consulte su pedido:" : "See your order:", url: links.link(myOrderPath(order.id)) };
  const greeting = to.name ? (es ? `Hola, ${to.name}:` : `Hello ${to.name},`) : null;
  let subject: string;
  const paragraphs: Paragraph[] = [];
  switch (event.kind) {
    case "placed":
      subject = es ? `Pedido ${order.number} recibido en ${order.store}` : `Order ${order.number} received at ${order.store}`;
      paragraphs.push(
        es ? `Hemos recibido su pedido ${order.number}. Total: ${total}.` : `We have received your order ${order.number}. Total: ${total}.`,
        items,
      );
      if (order.provider === "manual") {
        paragraphs.push(
          es
            ? `Para pagarlo, haga una transferencia de ${total} indicando ${order.number} como concepto. Lo preparamos en cuanto llegue el pago.`
            : `To pay, make a transfer of ${total} quoting ${order.number} as its reference. We prepare it as soon as the payment arrives.`,
          { lines: event.bankDetails },
        );
      } else if (event.checkoutUrl) {
        paragraphs.push({ label: es ? "Páguelo con tarjeta en esta página:" : "Pay it by card on this page:", url: event.checkoutUrl });
      }
      if (order.expiresAt)
        paragraphs.push(
          es
            ? `Reservamos los artículos hasta el ${day(order.expiresAt)}; sin pago, el pedido se cancela entonces.`
            : `We hold the items until ${day(order.expiresAt)}; unpaid, the order is cancelled then.`,
        );
      break;
    case "paid":
      subject = es ? `Pago recibido: pedido ${order.number}` : `Payment received: order ${order.number}`;
      paragraphs.push(
        es ? `Hemos recibido el pago de ${total} de su pedido ${order.number}.` : `We have received the payment of ${total} for your order ${order.number}.`,
      );
      paragraphs.push(
        order.fulfilment === "ship"
          ? es
            ? "Le avisaremos cuando lo enviemos."
            : "We will let you know when it is on its way."
          : es
            ? `Le avisaremos cuando pueda recogerlo en ${order.store}.`
            : `We will let you know when you can collect it at ${order.store}.`,
      );
      break;
    case "fulfilled":
      subject =
        order.fulfilment === "ship"
          ? es
            ? `Pedido ${order.number} enviado`
            : `Order ${order.number} is on its way`
          : es
            ? `Pedido ${order.number} listo para recoger`
            : `Order ${order.number} is ready to collect`;
      paragraphs.push(
        order.fulfilment === "ship"
          ? es
            ? `Hemos enviado su pedido ${order.number}.`
            : `We have sent your order ${order.number}.`
          : es
            ? `Puede recoger su pedido ${order.number} en ${order.store}${order.storeAddress ? `, ${order.storeAddress}` : ""}.`
            : `You can collect your order ${order.number} at ${order.store}${order.storeAddress ? `, ${order.storeAddress}` : ""}.`,
        items,
      );
      break;
    case "cancelled":
      subject = es ? `Pedido ${order.number} cancelado` : `Order ${order.number} cancelled`;
      paragraphs.push(
        event.expired
          ? es
            ? `Su pedido ${order.number} se ha cancelado porque no recibimos el pago a tiempo.`
            : `Your order ${order.number} has been cancelled: its payment did not arrive in time.`
          : es
            ? `Su pedido ${order.number} se ha cancelado.`
            : `Your order ${order.number} has been cancelled.`,
      );
      if (event.refundedCents > 0)
        paragraphs.push(es ? `Le devolvemos ${money(event.refundedCents)}.` : `We are refunding ${money(event.refundedCents)} to you.`);
      break;
    case "refunded":
      subject = es ? `Reembolso del pedido ${order.number}` : `Refund of order ${order.number}`;
      paragraphs.push(
        es
          ? `Le hemos reembolsado ${money(event.amountCents)} del pedido ${order.number} (en total, ${money(event.refundedCents)} de ${total}).`
          : `We have refunded ${money(event.amountCents)} of order ${order.number} (${money(event.refundedCents)} of ${total} in all).`,
      );
      break;
  }
  paragraphs.push(link);
  return compose(to, SHOP_MAIL_KINDS[event.kind], subject, greeting, paragraphs);
}

/** The state an event leaves the order in, for its history. */
export const stateAfter: Record<OrderMailEvent["kind"], ShopOrderState> = {
  placed: "pending",
  paid: "paid",
  fulfilled: "fulfilled",
  cancelled: "cancelled",
  refunded: "refunded",
};
