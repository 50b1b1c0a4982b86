import type { FastifyRequest } from "fastify";
import { badRequest, type FieldErrors } from "./errors.ts";
import type { UploadKind } from "@clinic/shared";
import type { z } from "zod";
import { checkContent, type StagedUpload, stageUpload } from "./uploads.ts";

/** A multipart form as received: its text fields, and its one file part staged on disk (if any). */
export interface ReceivedForm {
  fields: Record<string, string>;
  staged: StagedUpload | null;
  /** Messages already known while reading (unknown parts, a file too large to keep). */
  errors: FieldErrors;
}

/** Busboy's refusals of a malformed form (no boundary, one too long, cut short) carry no status: their messages tell them apart from disk errors. */
const MALFORMED_MULTIPART = /^Multipart: |unexpected end of multipart data|^The needle cannot/i;

/**
 * Reads a multipart form: text fields, and the `fileField` part streamed to a staging file,
 * capped by `capFor` of the fields that came before it (forms send their fields first).
 * Any refusal of the multipart layer (too many parts, too large) becomes a 400. The caller
 * discards `staged` when done.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  stagingDir: string,
  fileField: string,
  capFor: (fields: Record<string, string>) => number,
): Promise<ReceivedForm> {
  if (!request.isMultipart()) throw badRequest("Send the form as multipart/form-data.");
  const form: ReceivedForm = { fields: {}, staged: null, errors: {} };
  const error = (field: string, message: string) => {
    form.errors[field] ??= [];
    form.errors[field].push(message);
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if (part.fieldname in form.fields) error(part.fieldname, "Given more than once.");
        else if (typeof part.value === "string") form.fields[part.fieldname] = part.value;
        else error(part.fieldname, "Must be text.");
        continue;
      }
      if (part.fieldname !== fileField || form.staged) {
        part.file.resume();
        error(part.fieldname, part.fieldname === fileField ? "Given more than once." : "Unknown field.");
        continue;
      }
      const cap = capFor(form.fields);
      const staged = await stageUpload(stagingDir, part.file, cap, part.mimetype, part.filename);
      // A file input left empty still sends a nameless, empty part: no file.
      if (staged.size === 0 && !part.filename) {
        await staged.discard();
        continue;
      }
      form.staged = staged;
      if (staged.tooLarge) error(fileField, `The file is too large: at most ${cap / (1024 * 1024)} MiB for this type.`);
    }
  } catch (caught) {
    await form.staged?.discard();
    const status = (caught as { statusCode?: number }).statusCode;
    if (!status && MALFORMED_MULTIPART.test((caught as Error).message)) throw badRequest("The multipart form is malformed.");
    if (status && status >= 400 && status < 500) {
      const message = (caught as Error).message;
      throw badRequest((/file/i.test(message) ? { [fileField]: [message] } : { detail: message }) as FieldErrors);
    }
    throw caught;
  }
  return form;
}

/** Adds a message under a field of a 400's body. */
export function addFieldError(errors: FieldErrors, field: string, message: string) {
  errors[field] ??= [];
  errors[field].push(message);
}

/** The form's text fields read by `schema`; each issue goes under its field in `errors` (a part the schema does not know, as "Unknown field."). */
export function parseFormFields<Schema extends z.ZodType>(schema: Schema, fields: Record<string, string>, errors: FieldErrors): z.infer<Schema> | null {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const keys = (issue as { keys?: string[] }).keys;
    if (issue.code === "unrecognized_keys" && keys) for (const key of keys) addFieldError(errors, key, "Unknown field.");
    else addFieldError(errors, issue.path.join(".") || "detail", issue.message);
  }
  return null;
}

/**
 * Every check of a form that must carry one file of `kinds` beside its fields, all reported at
 * once (a 400) before anything is stored: the fields by `schema`, the file there (`missingFile`
 * otherwise), its bytes of an accepted kind agreeing with what the client declared.
 */
export function checkFileForm<Schema extends z.ZodType>(
  { fields, staged, errors: known }: ReceivedForm,
  { schema, kinds, missingFile }: { schema: Schema; kinds: readonly UploadKind[]; missingFile: string },
): { input: z.infer<Schema>; staged: StagedUpload; mime: string } {
  const errors: FieldErrors = structuredClone(known);
  const input = parseFormFields(schema, fields, errors);
  if (!staged && !errors.file) addFieldError(errors, "file", missingFile);
  let mime: string | null = null;
  if (staged && !staged.tooLarge) {
    const checked = checkContent(staged, kinds);
    if (checked.ok) mime = checked.mime;
    else for (const message of checked.errors) addFieldError(errors, "file", message);
  }
  if (Object.keys(errors).length > 0 || input === null || !staged || !mime) throw badRequest(errors);
  return { input, staged, mime };
}
