import type { ProductQuoteAccept, ProductQuoteDecline, PublicProductQuote } from "@clinic/shared";
import { get, post } from "../../../../lib/api.ts";

/** The client's private link's calls (no account needed; server: product-quote-public.routes.ts). */
const BASE = "/api/product-quoter/public";

export const PUBLIC_QUOTE_KEY = "product-quote-public";

const linkPath = (token: string) => `${BASE}/${encodeURIComponent(token)}`;
export const publicQuote = (token: string, signal?: AbortSignal) => get<PublicProductQuote>(linkPath(token), signal);
export const acceptQuote = (token: string, body: ProductQuoteAccept) => post<PublicProductQuote>(`${linkPath(token)}/accept`, body);
export const declineQuote = (token: string, body: ProductQuoteDecline) => post<PublicProductQuote>(`${linkPath(token)}/decline`, body);
/** A plain link: the browser downloads the PDF. */
export const publicPdfPath = (token: string) => `${linkPath(token)}/pdf`;
