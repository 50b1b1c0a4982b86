import { createHash, createHmac } from "node:crypto";

/**
 * The secret of a private link (a ticket, a quote sent to a client): derived from the record's id
 * and the server's key, so it is never stored and sending again sends the same link; the table
 * keeps only its hash, to find the record by the link. Each kind of link has its own `purpose`,
 * so one kind's token never opens another. Changing the derivation breaks every link already mailed.
 */
export const linkToken = (key: Buffer, purpose: string, id: number): string =>
  createHmac("sha256", key).update(`${purpose}:${id}`).digest("base64url").slice(0, 32);

/** What a table stores of a link's token: its SHA-256 in hex, so a leaked table opens no link. */
export const linkTokenHash = (token: string): string => createHash("sha256").update(token).digest("hex");
