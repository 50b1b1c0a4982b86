import { isRouteVisible, type ProductQuoteConvertKind, type ProductQuoteDetail, type ProductQuoteInput, ROUTES_BY_ID } from "@clinic/shared";
import type { QueryKey } from "@tanstack/react-query";
import { del, post, put } from "../../../lib/api.ts";
import { useResource } from "../../../lib/resource.ts";
import { useSignedIn, visibilityOf } from "../../../lib/session.ts";

/**
 * The calls of the staff's product quoter screens (server: modules/quoters/products/
 * product-quotes.routes.ts). Every query key starts with QUOTES_KEY or is the paged list's
 * resource, so a change refreshes the list, the quote's page and the figures together.
 */

export const QUOTES_KEY = "product-quotes";
/** usePagedList keys its pages by a single resource name. */
export const QUOTES_RESOURCE = "product-quotes-list";
export const FIGURES_KEY = "product-quote-figures";
export const CATALOGUE_KEY = "product-quote-catalogue";
/** Everything a change of a quote moves: its page, the list and the figures. */
export const EVERY_QUOTE_LIST: QueryKey[] = [[QUOTES_KEY], [QUOTES_RESOURCE], [FIGURES_KEY]];

export const QUOTES_PATH = "/api/product-quoter/quotes";
export const QUOTES_EXPORT_PATH = "/api/product-quoter/exports/quotes";
export const FIGURES_PATH = "/api/product-quoter/figures";
export const CATALOGUE_PATH = "/api/product-quoter/catalogue";
export const quotePath = (id: number) => `${QUOTES_PATH}/${id}`;
/** The quote's PDF in its client's language: a plain link, the browser downloads it. */
export const quotePdfPath = (id: number) => `${quotePath(id)}/pdf`;

export const QUOTES_HOME = "/product-quoter/app";
export const quotePagePath = (id: number) => `/product-quoter/app/quotes/${id}`;
/** The shop's own page of an order made from a quote. */
export const shopOrderPagePath = (orderId: number) => `/shop/app/ordermanager/${orderId}`;

const withClinic = (path: string, clinicId: string | null | undefined) => (clinicId ? `${path}?clinicId=${encodeURIComponent(clinicId)}` : path);

export const createQuote = (input: ProductQuoteInput, clinicId?: string | null) => post<ProductQuoteDetail>(withClinic(QUOTES_PATH, clinicId), input);
export const updateQuote = (id: number, input: ProductQuoteInput) => put<ProductQuoteDetail>(quotePath(id), input);
export const deleteQuote = (id: number) => del<void>(quotePath(id));
export const sendQuote = (id: number) => post<ProductQuoteDetail>(`${quotePath(id)}/send`);
export const duplicateQuote = (id: number) => post<ProductQuoteDetail>(`${quotePath(id)}/duplicate`);
export const reviseQuote = (id: number) => post<ProductQuoteDetail>(`${quotePath(id)}/revise`);
export const convertQuote = (id: number, kind: ProductQuoteConvertKind) => post<ProductQuoteDetail>(`${quotePath(id)}/convert`, { kind });

export const useQuote = (id: number | null) => useResource<ProductQuoteDetail>([QUOTES_KEY, "one", id], id === null ? null : quotePath(id), { quiet: true });

/**
 * What the signed-in user may do here: a platform admin names the clinic of a new quote and
 * filters by clinic; whoever may open the CRM's clients (its module on, an admin or a CRM agent)
 * may quote a CRM client, since the picker searches that list.
 */
export function useQuoteAbilities() {
  const session = useSignedIn();
  const crmClients = ROUTES_BY_ID.get("crmUsers");
  return { choosesClinic: session.isAdmin, crm: crmClients !== undefined && isRouteVisible(crmClients, visibilityOf(session)) };
}
