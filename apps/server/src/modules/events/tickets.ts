import { createHmac, timingSafeEqual } from "node:crypto";
import { linkToken } from "../../platform/private-links.ts";

/**
 * A registration's two secrets, derived from its id with the app's key and never stored: the
 * private link's token (ticket page, cancel; the table keeps only its SHA-256) and the code the
 * door scans. Different derivations, so the code printed on a ticket never opens its link.
 */

/** The private link's secret (`/events/ticket/<token>`); the table keeps its linkTokenHash. */
export const registrationToken = (key: Buffer, id: number): string => linkToken(key, "event-registration", id);

export const ticketPath = (token: string): string => `/events/ticket/${token}`;

const CODE_PATTERN = /^EVT1-(\d{1,10})-([A-Za-z0-9_-]{22})$/;

const codeMac = (key: Buffer, id: number) => createHmac("sha256", key).update(`event-ticket:${id}`).digest("base64url").slice(0, 22);

/** The QR code's payload: `EVT1-<id>-<22-character MAC>`. */
export const ticketCode = (key: Buffer, id: number): string => `EVT1-${id}-${codeMac(key, id)}`;

/** The registration id a scanned code names, or null when it is not one of ours (forged, altered, truncated). */
export function verifyTicketCode(key: Buffer, code: string): number | null {
  const match = CODE_PATTERN.exec(code.trim());
  if (!match) return null;
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const expected = Buffer.from(codeMac(key, id));
  const given = Buffer.from(match[2] as string);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
