import type { BillingDetails, BillingDetailsAnswer, BillingPeriod, OrderDetail, PaymentProviderName } from "@clinic/shared";
import { post, put } from "../../../lib/api.ts";

/** Query-key roots of the billing screens; an action refetches what it changed under them. */
export const OVERVIEW_KEY = "billing-membership";
export const DETAILS_KEY = "billing-details";
export const PLAN_KEY = "billing-plan";
export const ORDER_KEY = "billing-order";
export const ORDERS_KEY = "billing-orders";

/** The four screens (packages/shared/src/routes.ts: getMembership, membershipPayment, membershipInvoice, paymentHistory). */
export const MY_MEMBERSHIP_PATH = "/manager/admin/getMembership";
export const PAYMENT_HISTORY_PATH = "/manager/admin/paymentHistory";
export const checkoutPath = (membershipId: number) => `${MY_MEMBERSHIP_PATH}/${membershipId}`;
export const orderPath = (orderId: number) => `${MY_MEMBERSHIP_PATH}/invoice/${orderId}`;
/** An invoice's or a credit note's PDF: a plain link, so the browser downloads it with the session cookie. */
export const invoicePdfPath = (invoiceId: number) => `/api/billing/invoices/${invoiceId}/pdf`;

export const OVERVIEW_PATH = "/api/billing/membership";
export const DETAILS_PATH = "/api/billing/details";
export const ORDERS_PATH = "/api/billing/orders/";
export const ORDERS_EXPORT_PATH = "/api/billing/orders/export";
export const planPath = (membershipId: number) => `/api/billing/plans/${membershipId}`;
export const orderApiPath = (orderId: number) => `/api/billing/orders/${orderId}`;

export const saveBillingDetails = (details: BillingDetails) => put<BillingDetailsAnswer>(DETAILS_PATH, details);
/** Only the plan and the period travel: every amount is the server's. */
export const createOrder = (membershipId: number, billing: BillingPeriod, provider: PaymentProviderName) =>
  post<OrderDetail>(ORDERS_PATH, { membershipId, billing, provider });
export const confirmOrder = (orderId: number, reference: string) => post<OrderDetail>(`${orderApiPath(orderId)}/confirm`, { reference });
export const cancelOrder = (orderId: number) => post<OrderDetail>(`${orderApiPath(orderId)}/cancel`, {});
export const refundOrder = (orderId: number, reason: string) => post<OrderDetail>(`${orderApiPath(orderId)}/refund`, { reason });
