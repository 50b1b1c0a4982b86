import { type PublicQuote, QUOTER_API } from "@clinic/shared";
import { get, post } from "../../../../lib/api.ts";

/** The applicant's calls by the private link (no account): the quote, accepting or declining it, and its PDF. */
export const PUBLIC_QUOTE_KEY = "quoter-public-quote";

export const publicQuote = (token: string, signal?: AbortSignal) => get<PublicQuote>(QUOTER_API.publicQuote(encodeURIComponent(token)), signal);
export const acceptByLink = (token: string, name: string) => post<PublicQuote>(QUOTER_API.publicAccept(encodeURIComponent(token)), { name, agree: true });
export const declineByLink = (token: string, reason: string) => post<PublicQuote>(QUOTER_API.publicDecline(encodeURIComponent(token)), { reason });
export const publicPdfPath = (token: string) => QUOTER_API.publicPdf(encodeURIComponent(token));

/** What the page shows: the choice while it is open, else how the quote ended. */
export type PublicQuoteStage = "decide" | "accepted" | "declined" | "expired" | "unavailable";

export function stageOf(quote: Pick<PublicQuote, "state" | "decidable">): PublicQuoteStage {
  if (quote.decidable) return "decide";
  if (quote.state === "accepted" || quote.state === "bound") return "accepted";
  if (quote.state === "declined") return "declined";
  if (quote.state === "expired" || quote.state === "sent") return "expired";
  return "unavailable";
}
