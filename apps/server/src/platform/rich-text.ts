import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_IMAGE_SRC, RICH_TEXT_LINK, RICH_TEXT_TAGS, richTextToPlain } from "@clinic/shared";
import { and, eq, inArray } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import type { Db } from "../db/client.ts";
import { badRequest, type FieldErrors } from "./errors.ts";
import { type RichTextOwnerType, richTextUploads } from "./rich-text.table.ts";
import { uploads } from "./uploads.table.ts";

/**
 * What the editor (TipTap StarterKit + Image) produces, and nothing more: the allowlist of
 * packages/shared, which the web's display pass uses too. Disallowed tags are dropped with
 * their text kept, except raw-text ones (script, style, textarea, …) whose content goes.
 * Images only from this platform's uploads (RICH_TEXT_IMAGE_SRC: relative, access-checked
 * when served); links only http, https and mailto (RICH_TEXT_LINK, then sanitize-html's own
 * scheme check on the decoded value).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: ["http", "https", "mailto"],
  // An image src is never absolute: any scheme (data:, https:, javascript:) loses the src, and then the image.
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // Every link opens apart from the app and passes nothing of it on; the editor writes these same attributes in this order.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { target: "_blank", rel: "noopener noreferrer nofollow", ...(attribs.href && RICH_TEXT_LINK.test(attribs.href) ? { href: attribs.href } : {}) },
    }),
    // Headings outside the editor's levels (pasted or sent by API clients) keep being headings.
    h1: "h2",
    h5: "h4",
    h6: "h4",
    ol: (tagName, attribs): sanitizeHtml.Tag => ({ tagName, attribs: attribs.start && /^\d{1,6}$/.test(attribs.start) ? { start: attribs.start } : {} }),
  },
  exclusiveFilter: (frame) => {
    if (frame.tag === "img") return !RICH_TEXT_IMAGE_SRC.test(frame.attribs.src ?? "");
    // A link whose address was refused is only its text.
    if (frame.tag === "a" && !frame.attribs.href) return "excludeTag";
    return false;
  },
};

/**
 * Rich text as it may be stored and later shown as HTML. The schema at the edge already
 * refuses what can only be an attack; this is the net under it. The output keeps the
 * editor's own spelling (`<br>`, `&nbsp;`), so the editor's HTML comes back unchanged.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS)
    .replace(/<(br|hr|img)((?: [^>]*)?) \/>/g, "<$1$2>")
    .replaceAll("\u00a0", "&nbsp;")
    .trim();
}

/**
 * A rich-text field as a service stores it: sanitised, and refused (400 on `field`) when a
 * required field is left with nothing to show (say it held only an image from elsewhere).
 */
export function richTextToStore(field: string, html: string, options: { required: boolean; message?: string }): string {
  const clean = sanitizeRichText(html);
  if (options.required && !richTextToPlain(clean) && !/<img\b/.test(clean)) throw badRequest({ [field]: [options.message ?? "Must contain some text."] });
  return clean;
}

// ---------------------------------------------------------------- uploads shown by rich text

/**
 * An image of this platform's uploads in sanitised HTML: the sanitiser writes every attribute
 * as ` name="value"` with quotes (and `>`) escaped inside values, so this finds exactly the
 * srcs that RICH_TEXT_IMAGE_SRC let through. Migration 0009's backfill uses the same pattern.
 */
const UPLOAD_IMAGE = /<img[^>]*\ssrc="\/api\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/gi;

/** The distinct upload ids (lower case) of the `/api/uploads/<id>` images in sanitised HTML. */
export function uploadIdsIn(...html: (string | null)[]): string[] {
  const ids = new Set<string>();
  for (const text of html) for (const match of text?.matchAll(UPLOAD_IMAGE) ?? []) ids.add((match[1] as string).toLowerCase());
  return [...ids];
}

export const UNAVAILABLE_IMAGE_MESSAGE = "This image is not available to this catalogue.";

/**
 * Records which uploads a rich-text row shows, inside the caller's transaction: the owner's
 * references are replaced by those of its current HTML (`fields`: field name → stored,
 * sanitised HTML). An id with no upload, or of an upload that is not an image, is skipped
 * (the image simply does not show); another clinic's upload is refused with 400 on the field
 * that holds it, so the caller's transaction stores nothing. A platform row (`clinicId`
 * null) may show only platform uploads, a clinic's row its own and the platform's.
 */
export async function syncRichTextUploads(
  db: Db,
  ownerType: RichTextOwnerType,
  ownerId: number,
  clinicId: string | null,
  fields: Record<string, string | null>,
): Promise<void> {
  await removeRichTextUploads(db, ownerType, ownerId);
  const ids = uploadIdsIn(...Object.values(fields));
  if (ids.length === 0) return;
  const found = await db.select({ id: uploads.id, kind: uploads.kind, clinicId: uploads.clinicId }).from(uploads).where(inArray(uploads.id, ids));
  const foreign = new Set(found.filter((upload) => upload.clinicId !== null && upload.clinicId !== clinicId).map((upload) => upload.id));
  if (foreign.size > 0) {
    const errors: FieldErrors = {};
    for (const [field, html] of Object.entries(fields)) if (uploadIdsIn(html).some((id) => foreign.has(id))) errors[field] = [UNAVAILABLE_IMAGE_MESSAGE];
    throw badRequest(errors);
  }
  const usable = found.filter((upload) => upload.kind === "image");
  if (usable.length > 0) await db.insert(richTextUploads).values(usable.map((upload) => ({ uploadId: upload.id, ownerType, ownerId, clinicId })));
}

/** Drops a rich-text row's references (no foreign key reaches the polymorphic owner): call it where the row is deleted. */
export async function removeRichTextUploads(db: Db, ownerType: RichTextOwnerType, ownerId: number): Promise<void> {
  await db.delete(richTextUploads).where(and(eq(richTextUploads.ownerType, ownerType), eq(richTextUploads.ownerId, ownerId)));
}

/**
 * Rich text that reaches many users at once (a banner, a message): the shared allowlist, then
 * without images, which most of them could not read (an upload is checked against what each
 * user may see). Markup with nothing left to read becomes "".
 */
export function sanitizeForEveryone(html: string): string {
  const clean = sanitizeRichText(html)
    .replace(/<img\b[^>]*>/g, "")
    .trim();
  return richTextToPlain(clean) === "" ? "" : clean;
}
