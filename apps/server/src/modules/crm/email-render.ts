import { CRM_VARIABLE_PATTERN, type CrmEmailTemplate, type CrmEmailVariable, richTextToPlain } from "@clinic/shared";
import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * How a CRM email is written for one recipient (issue 36.5): the format's `{{variables}}` filled
 * in, its links rewritten to tracked ones when it asks, its body wrapped in the template's
 * layout with the unsubscribe link, and an open pixel. The links' secrets are HMACs with keys
 * derived from AUTH_SECRET (platform/keys.ts), so every node reads them and nobody forges them.
 */

export type VariableValues = Record<CrmEmailVariable, string>;

/** The parts of a format (or of the campaign's copy of it) an email is written from. */
export interface EmailContent {
  subject: string;
  html: string;
  template: string;
}

/** The recipient's links: the unsubscribe page, and when tracked the open pixel and a link's tracked address. */
export interface RecipientLinks {
  unsubscribeUrl: string;
  pixelUrl?: string;
  clickUrl?: (url: string) => string;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] as string);
const unescapeAttribute = (text: string): string =>
  text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" })[name] as string);

/** Fills in `{{variables}}` (known ones only: the format's check refused any other), HTML-escaped unless `plain`. */
export function fillVariables(text: string, values: VariableValues, plain = false): string {
  return text.replace(CRM_VARIABLE_PATTERN, (whole, name: string) => {
    const value = values[name as CrmEmailVariable];
    if (value === undefined) return whole;
    return plain ? value : escapeHtml(value);
  });
}

/** Every `href="http…"` of sanitised HTML, through `rewrite` (which answers the new address). */
export function rewriteLinks(html: string, rewrite: (url: string) => string): string {
  return html.replace(/(<a\b[^>]*?\shref=")(https?:[^"]*)(")/gi, (_, before: string, href: string, after: string) => {
    return `${before}${escapeHtml(rewrite(unescapeAttribute(href)))}${after}`;
  });
}

const LAYOUTS: Record<CrmEmailTemplate, { body: string; inner: string }> = {
  plain: { body: "font-family:Arial,Helvetica,sans-serif;color:#222;", inner: "max-width:640px;" },
  letter: {
    body: "font-family:Georgia,'Times New Roman',serif;color:#222;background:#f4f1ea;",
    inner: "max-width:600px;margin:24px auto;padding:32px;background:#fff;border:1px solid #ddd;",
  },
  newsletter: {
    body: "font-family:Arial,Helvetica,sans-serif;color:#222;background:#eef2f6;",
    inner: "max-width:640px;margin:24px auto;padding:24px;background:#fff;border-top:6px solid #1565c0;",
  },
};

/** The body in its layout, with the unsubscribe line and (tracked) the open pixel. */
export function wrapInTemplate(template: string, body: string, links: RecipientLinks): string {
  const layout = LAYOUTS[template as CrmEmailTemplate] ?? LAYOUTS.plain;
  const unsubscribe = escapeHtml(links.unsubscribeUrl);
  const pixel = links.pixelUrl ? `<img src="${escapeHtml(links.pixelUrl)}" width="1" height="1" alt="" style="display:block;border:0">` : "";
  return `<!doctype html><html><body style="margin:0;padding:16px;${layout.body}"><div style="${layout.inner}">${body}<hr style="border:0;border-top:1px solid #ddd;margin-top:32px"><p style="font-size:12px;color:#666">To stop receiving these emails, <a href="${unsubscribe}">unsubscribe</a>. / Para dejar de recibir estos correos, <a href="${unsubscribe}">date de baja</a>.</p></div>${pixel}</body></html>`;
}

/** One recipient's email: subject and HTML with their values, the plain-text part, links tracked when asked. */
export function composeEmail(content: EmailContent, values: VariableValues, links: RecipientLinks): { subject: string; html: string; text: string } {
  let body = fillVariables(content.html, values);
  if (links.clickUrl) body = rewriteLinks(body, links.clickUrl);
  const subject = fillVariables(content.subject, values, true).replace(/[\r\n]+/g, " ");
  const text = `${richTextToPlain(fillVariables(content.html, values))}\n\n--\nUnsubscribe / Darse de baja: ${links.unsubscribeUrl}`;
  return { subject, html: wrapInTemplate(content.template, body, links), text };
}

/** A client's values; `name` is the person's full name, or the organisation's. */
export function valuesOf(client: { firstName: string; lastName: string; organisation: string; email: string | null }, unsubscribeUrl: string): VariableValues {
  const fullName = `${client.firstName} ${client.lastName}`.trim();
  return {
    first_name: client.firstName,
    last_name: client.lastName,
    name: fullName || client.organisation,
    organisation: client.organisation,
    email: client.email ?? "",
    unsubscribe_url: unsubscribeUrl,
  };
}

/** What a test email shows for the variables. */
export const sampleValues = (unsubscribeUrl: string): VariableValues => ({
  first_name: "Alex",
  last_name: "Sample",
  name: "Alex Sample",
  organisation: "Sample Organisation",
  email: "alex.sample@example.com",
  unsubscribe_url: unsubscribeUrl,
});

// ---------------------------------------------------------------- signed tokens

const signature = (key: Buffer, text: string): string => createHmac("sha256", key).update(text).digest("base64url").slice(0, 32);

function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The unsubscribe link's token: the client's id and an HMAC of it (key `crm-unsubscribe`). */
export const unsubscribeToken = (key: Buffer, clientId: number): string => `${clientId}.${signature(key, `crm-unsubscribe:${clientId}`)}`;

/** The client a genuine unsubscribe token names; null for anything else. */
export function clientOfToken(key: Buffer, token: string): number | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const clientId = Number(match[1]);
  if (clientId > 2_147_483_647) return null;
  return sameSignature(match[2] as string, signature(key, `crm-unsubscribe:${clientId}`)) ? clientId : null;
}

/** A recipient's tracking token (open pixel, tracked links): campaign, client and an HMAC of both (key `crm-tracking`). */
export const recipientToken = (key: Buffer, campaignId: number, clientId: number): string =>
  `${campaignId}-${clientId}.${signature(key, `crm-recipient:${campaignId}:${clientId}`)}`;

export function recipientOfToken(key: Buffer, token: string): { campaignId: number; clientId: number } | null {
  const match = /^([1-9]\d{0,9})-([1-9]\d{0,9})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const campaignId = Number(match[1]);
  const clientId = Number(match[2]);
  if (campaignId > 2_147_483_647 || clientId > 2_147_483_647) return null;
  return sameSignature(match[3] as string, signature(key, `crm-recipient:${campaignId}:${clientId}`)) ? { campaignId, clientId } : null;
}

/** The signature of a tracked link: over the recipient's token and the address, so neither can be swapped. */
export const clickSignature = (key: Buffer, token: string, url: string): string => signature(key, `crm-click:${token}\n${url}`);

export const validClick = (key: Buffer, token: string, url: string, given: string): boolean => sameSignature(given, clickSignature(key, token, url));

/** An address shown on the unsubscribe page, partly hidden: `an***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length - 1) || 1)}***${email.slice(at)}`;
}
