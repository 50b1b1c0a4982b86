import { z } from "zod";
import { DOCUMENT_NAME_MAX, FILE_TYPES, FILES_PAGE_SIZE, MAX_PAGE_SIZE } from "./constants.ts";
import { requiredText, storableText } from "./schemas.ts";

/** What an upload holds, decided from its bytes (never from the client's name or MIME alone). */
export const UPLOAD_KINDS = ["image", "video", "document", "game", "audio"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** The largest upload of each kind, in bytes. */
export const UPLOAD_LIMITS: Record<UploadKind, number> = {
  image: 5 * 1024 * 1024,
  video: 200 * 1024 * 1024,
  document: 20 * 1024 * 1024,
  game: 100 * 1024 * 1024,
  /** WhatsApp's own limit for audio (the chat forwards it there). */
  audio: 16 * 1024 * 1024,
};

/** The MIME types each kind accepts (the first is the one stored and served). */
export const UPLOAD_MIME_TYPES: Record<UploadKind, readonly string[]> = {
  image: ["image/png", "image/jpeg", "image/gif", "image/webp"],
  video: ["video/mp4", "video/webm"],
  document: ["application/pdf"],
  game: ["application/zip"],
  audio: ["audio/ogg", "audio/mpeg", "audio/mp4", "audio/aac", "audio/amr"],
};

export const fileTypeSchema = z.enum(FILE_TYPES);
export type FileType = (typeof FILE_TYPES)[number];

/** Which upload kinds a file of each spec §9 type may carry. */
export const FILE_TYPE_KINDS: Record<FileType, readonly UploadKind[]> = {
  Game: ["game"],
  Video: ["video"],
  Text: ["document", "image"],
};

export const LINK_MAX = 2000;

/** An http(s) address: other schemes (javascript:, data:, file:) are refused. */
export const linkSchema = storableText(LINK_MAX)
  .trim()
  .url()
  .refine((value) => /^https?:\/\//i.test(value), "Must be an http or https address.");

/**
 * The text fields of `POST /api/files/` (multipart). Exactly one of the file part and
 * `link` is given: the service checks that, since the file is not a text field.
 */
export const fileFieldsSchema = z
  .object({
    name: requiredText(DOCUMENT_NAME_MAX),
    type: fileTypeSchema,
    link: linkSchema.optional(),
  })
  .strict();
export type FileFields = z.infer<typeof fileFieldsSchema>;

export const fileRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: fileTypeSchema,
  /** Set for an uploaded file: where its bytes are served (`/api/uploads/<id>`). */
  downloadUrl: z.string().nullable(),
  link: z.string().nullable(),
  /** Of the uploaded bytes, for display; null for a link. */
  mime: z.string().nullable(),
  size: z.number().int().nullable(),
  originalName: z.string().nullable(),
  clinicId: z.string().nullable(),
  editable: z.boolean(),
  createdAt: z.string(),
});
export type FileRecord = z.infer<typeof fileRecordSchema>;

/** `GET /api/files/`: spec §7's page, rowsPerPage (default 5, spec §9), name/value search, and a type filter. */
export const fileQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  rowsPerPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(FILES_PAGE_SIZE),
  name: z.enum(["name"]).default("name"),
  value: storableText(100)
    .transform((value) => value.trim())
    .optional(),
  type: fileTypeSchema.optional(),
});
export type FileQuery = z.infer<typeof fileQuerySchema>;

export const uploadIdParamSchema = z.object({ id: z.uuid() });

/**
 * The rich-text editor's image upload (spec §7): a form with `archivo` (the file), `nombre`
 * (a name) and `archivo_tipo` (its kind; images only for now). Answers where it is served.
 */
export const EDITOR_UPLOAD_KINDS = ["image"] as const;
export const editorUploadFieldsSchema = z
  .object({
    nombre: storableText(200)
      .transform((value) => value.trim())
      .optional(),
    archivo_tipo: z.enum(EDITOR_UPLOAD_KINDS),
  })
  .strict();
export const uploadedSchema = z.object({ id: z.string(), url: z.string(), name: z.string(), mime: z.string(), size: z.number().int() });
export type Uploaded = z.infer<typeof uploadedSchema>;

/** `GET /api/uploads/`: the editor picker's gallery of images already uploaded in the caller's catalogue. */
export const UPLOAD_GALLERY_PAGE_SIZE = 24;
export const uploadListQuerySchema = z.object({
  kind: z.enum(EDITOR_UPLOAD_KINDS).default("image"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  rowsPerPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(UPLOAD_GALLERY_PAGE_SIZE),
  q: storableText(100)
    .transform((value) => value.trim())
    .optional(),
});
export type UploadListQuery = z.infer<typeof uploadListQuerySchema>;
export const uploadSummarySchema = uploadedSchema.extend({ createdAt: z.string() });
export type UploadSummary = z.infer<typeof uploadSummarySchema>;
