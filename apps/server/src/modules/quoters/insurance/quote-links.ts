import { linkToken } from "../../../platform/private-links.ts";

/**
 * A quote's private link (`/quoter/quote/<token>`): the table keeps only its linkTokenHash, and
 * sending again sends the same link.
 */
export const quoteToken = (key: Buffer, id: number): string => linkToken(key, "insurance-quote", id);
