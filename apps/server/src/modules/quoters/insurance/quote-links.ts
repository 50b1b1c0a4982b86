import { createHash, createHmac } from "node:crypto";

/**
 * A quote's private link (`/quoter/quote/<token>`): its secret is derived from the quote's id
 * with the app's key and never stored; the table keeps only its SHA-256, so a leaked table
 * opens no link, and sending again sends the same link.
 */
export const quoteToken = (key: Buffer, id: number): string => createHmac("sha256", key).update(`insurance-quote:${id}`).digest("base64url").slice(0, 32);

export const tokenHash = (token: string): string => createHash("sha256").update(token).digest("hex");
