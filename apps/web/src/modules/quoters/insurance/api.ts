import {
  type InsuranceProductDetail,
  type InsuranceProductInput,
  type InsuranceProductUpdate,
  type InsuranceVersionInput,
  type PolicyDetail,
  QUOTER_API,
  type QuoteDetail,
  type QuoteInput,
  type QuoterFigures,
  type RateInput,
  type RateResult,
} from "@clinic/shared";
import type { QueryKey } from "@tanstack/react-query";
import { del, post, put } from "../../../lib/api.ts";
import { useResource } from "../../../lib/resource.ts";
import { useSignedIn } from "../../../lib/session.ts";

/**
 * The calls of the insurance quoter's staff screens (server: modules/quoters/insurance). Every
 * query key starts with QUOTER_KEY or is one of the paged lists' resources, so a change
 * refreshes what it moves: a quote sent changes its page, the quotes list and the figures.
 */

export const QUOTER_KEY = "quoter";
/** usePagedList keys its pages by a single resource name. */
export const PRODUCTS_RESOURCE = "quoter-products-list";
export const QUOTES_RESOURCE = "quoter-quotes-list";
export const POLICIES_RESOURCE = "quoter-policies-list";
export const FIGURES_KEY = "quoter-figures";
export const EVERY_QUOTE_LIST: QueryKey[] = [[QUOTER_KEY], [QUOTES_RESOURCE], [POLICIES_RESOURCE], [FIGURES_KEY], [PRODUCTS_RESOURCE]];

export const QUOTER_HOME = "/quoter/app";
export const QUOTES_PAGE = "/quoter/app/quotes";
export const quotePagePath = (id: number) => `${QUOTES_PAGE}/${id}`;
/** The agents' picker: holders of view_quoter (the "Insurance agents" group). */
export const AGENTS_PATH = "/api/usuario/user?permission_codename_include=view_quoter&rowsPerPage=20";
/** The products an agent may quote with (the server answers only active ones to agents). */
export const ACTIVE_PRODUCTS_PATH = `${QUOTER_API.products}?state=active&rowsPerPage=100`;

export const createProduct = (input: InsuranceProductInput) => post<InsuranceProductDetail>(QUOTER_API.products, input);
export const updateProduct = (id: number, input: InsuranceProductUpdate) => put<InsuranceProductDetail>(QUOTER_API.product(id), input);
export const addVersion = (id: number, input: InsuranceVersionInput) => post<InsuranceProductDetail>(QUOTER_API.versions(id), input);

export const rateOptions = (input: RateInput) => post<RateResult>(QUOTER_API.rate, input);
export const createQuote = (input: QuoteInput) => post<QuoteDetail>(QUOTER_API.quotes, input);
export const updateQuote = (id: number, input: QuoteInput) => put<QuoteDetail>(QUOTER_API.quote(id), input);
export const deleteQuote = (id: number) => del<void>(QUOTER_API.quote(id));
export const sendQuote = (id: number, option: number) => post<QuoteDetail>(QUOTER_API.send(id), { option });
export const recordAcceptance = (id: number, name: string) => post<QuoteDetail>(QUOTER_API.accept(id), { name });
export const recordDecline = (id: number, reason: string) => post<QuoteDetail>(QUOTER_API.decline(id), { reason });
/** Binds an accepted quote: the policy's number and period come back. */
export const bindQuote = (id: number, startsOn: string) => post<PolicyDetail>(QUOTER_API.bind(id), startsOn ? { startsOn } : {});

/** A product with its current rules and versions; a failed load says so in a notice (the editor waits for it). */
export const useProduct = (id: number | null) => useResource<InsuranceProductDetail>([QUOTER_KEY, "product", id], id === null ? null : QUOTER_API.product(id));
export const usePolicy = (id: number | null) =>
  useResource<PolicyDetail>([QUOTER_KEY, "policy", id], id === null ? null : QUOTER_API.policy(id), { quiet: true });
export const useQuote = (id: number | null) => useResource<QuoteDetail>([QUOTER_KEY, "quote", id], id === null ? null : QUOTER_API.quote(id), { quiet: true });

/** The figures' address for a range of days (both ends included); none asks for the server's default, the last twelve months. */
/** The figures of a range (the default one when either day is empty), in `currency` (the server's choice when empty). */
export function figuresPath(from: string, to: string, currency = ""): string {
  const query = new URLSearchParams({ ...(from && to ? { from, to } : {}), ...(currency ? { currency } : {}) }).toString();
  return query ? `${QUOTER_API.figures}?${query}` : QUOTER_API.figures;
}
export const useFigures = (from: string, to: string, currency = "") =>
  useResource<QuoterFigures>([FIGURES_KEY, from, to, currency], figuresPath(from, to, currency), { quiet: true });

/** Platform admins manage the products and see every agent's quotes; agents quote and see their own. */
export function useQuoterAbilities() {
  const session = useSignedIn();
  return { isAdmin: session.isAdmin };
}
