import { z } from "zod";
import { SHARED_MESSAGES } from "./field-messages.ts";

/**
 * Rich text (descriptions, text-activity bodies) is HTML made by the editor. Its length
 * limits count the characters a reader sees, not the markup; the markup itself is capped so
 * a row stays bounded. The server sanitises what it stores against an allowlist; content
 * that can only be an attack (scripts, event handlers, frames, javascript: links) is refused
 * with a clear 400 instead of being quietly dropped.
 */

/** What the editor makes and the server keeps: every other tag and attribute is dropped. */
export const RICH_TEXT_TAGS = [
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "h2",
  "h3",
  "h4",
  "ul",
  "ol",
  "li",
  "blockquote",
  "a",
  "img",
  "hr",
  "code",
  "pre",
] as const;
export const RICH_TEXT_ATTRIBUTES: Record<string, readonly string[]> = { a: ["href", "target", "rel"], img: ["src", "alt", "title"], ol: ["start"] };
/** Images in rich text are the platform's own uploads, served after their access check. */
export const RICH_TEXT_IMAGE_SRC = /^\/api\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Link schemes kept in rich text. */
export const RICH_TEXT_LINK = /^(https?:|mailto:)/i;

/** Markup may take this many times the visible-text limit (tags and attributes), plus a floor. */
const MARKUP_FACTOR = 10;
const MARKUP_FLOOR = 4000;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const BLOCK_END = /<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi;

/** What a reader sees of rich text: tags dropped, entities decoded, blocks on their own lines. */
export function richTextToPlain(html: string): string {
  return decodeEntities(html.replace(BLOCK_END, "\n").replace(/<[^>]*>/g, ""))
    .replace(/[ \t]*\n[ \t\n]*/g, "\n")
    .trim();
}

/** Plain text (older rows, seeds) as rich text: escaped, one paragraph per line. */
export function plainToRichText(text: string): string {
  const escapeHtml = (line: string) => line.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("");
}

const FORBIDDEN_ELEMENT =
  /<\s*\/?\s*(script|style|iframe|frame|frameset|object|embed|applet|link|meta|base|form|input|button|textarea|select|svg|math|template)\b/i;
const EVENT_HANDLER = /[\s/"']on[a-z]+\s*=/i;
const UNSAFE_URL = /(?:href|src|action|formaction|xlink:href|srcset)\s*=\s*["']?\s*(?:javascript|vbscript|data|file)\s*:/i;

/** Whether the HTML holds something only an attack would put there. */
export function hasForbiddenMarkup(html: string): boolean {
  if (FORBIDDEN_ELEMENT.test(html)) return true;
  for (const tag of html.match(/<[a-z][^>]*>/gi) ?? []) if (EVENT_HANDLER.test(tag) || UNSAFE_URL.test(tag)) return true;
  return false;
}

export const FORBIDDEN_MARKUP_MESSAGE = "Scripts, event handlers, embedded frames and javascript: links are not allowed.";

/**
 * A rich-text field: at most `max` visible characters; required unless `optional`.
 * The issues use zod's own codes so forms show them in the reader's language.
 */
export const richText = (max: number, options: { optional?: boolean } = {}) =>
  z
    .string()
    .max(max * MARKUP_FACTOR + MARKUP_FLOOR)
    .superRefine((html, context) => {
      if (html.includes("\u0000")) {
        context.addIssue({ code: "custom", message: "Must not contain NUL characters." });
        return;
      }
      // Half a surrogate pair is no character; PostgreSQL's jsonb (page blocks, audit details) refuses it.
      if (/\p{Cs}/u.test(html)) {
        context.addIssue({ code: "custom", message: SHARED_MESSAGES.unicode, params: { sharedMessage: "unicode" } });
        return;
      }
      if (hasForbiddenMarkup(html)) {
        context.addIssue({ code: "custom", message: FORBIDDEN_MARKUP_MESSAGE, params: { reason: "forbiddenMarkup" } });
        return;
      }
      const visible = richTextToPlain(html);
      if (!options.optional && visible.length === 0 && !/<img\b/i.test(html))
        context.addIssue({ code: "too_small", origin: "string", minimum: 1, inclusive: true, input: html });
      if (visible.length > max) context.addIssue({ code: "too_big", origin: "string", maximum: max, inclusive: true, input: html });
    });
