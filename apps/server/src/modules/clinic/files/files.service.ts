import { FILE_TYPE_KINDS, type FileFields, type FileQuery, type FileRecord, type FileType, fileFieldsSchema, type Paged, UPLOAD_LIMITS } from "@clinic/shared";
import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../../db/client.ts";
import { type Actor, assertCatalogueAccess, canChangeCatalogueRow, catalogueOwnerFor, catalogueScope } from "../../../platform/access.ts";
import { badRequest, type FieldErrors } from "../../../platform/errors.ts";
import { type BundleLimits, BundleRefused, type UnpackedBundle, unpackBundle } from "../../../platform/bundles.ts";
import { bundleEntries } from "../../../platform/bundles.table.ts";
import { addFieldError, parseFormFields, type ReceivedForm } from "../../../platform/multipart.ts";
import { containsText, pageOf, pageWindow } from "../../../platform/paging.ts";
import { type BlobStore, checkContent, newStorageKey } from "../../../platform/uploads.ts";
import { uploads } from "../../../platform/uploads.table.ts";
import { files } from "./files.table.ts";

const selection = {
  ...getTableColumns(files),
  mime: uploads.mime,
  size: uploads.size,
  originalName: uploads.originalName,
};
type Row = typeof files.$inferSelect & { mime: string | null; size: number | null; originalName: string | null };

function toRecord(actor: Actor, row: Row): FileRecord {
  return {
    id: row.id,
    name: row.name,
    type: row.type as FileType,
    downloadUrl: row.uploadId ? `/api/uploads/${row.uploadId}` : null,
    link: row.link,
    mime: row.mime,
    size: row.size,
    originalName: row.originalName,
    clinicId: row.clinicId,
    editable: canChangeCatalogueRow(actor, row.clinicId),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listFiles(db: Db, actor: Actor, query: FileQuery): Promise<Paged<FileRecord>> {
  const where = and(catalogueScope(actor, files.clinicId), containsText(files[query.name], query.value), query.type ? eq(files.type, query.type) : undefined);
  const { limit, offset } = pageWindow(query);
  const page = await pageOf(
    db,
    actor,
    query,
    { tables: [files], counted: db.select({ one: sql`1` }).from(files).where(where).orderBy(asc(files.name), asc(files.id)) },
    (pageTotal) =>
      db
        .select({ ...selection, pageTotal })
        .from(files)
        .leftJoin(uploads, eq(uploads.id, files.uploadId))
        .where(where)
        .orderBy(asc(files.name), asc(files.id))
        .limit(limit)
        .offset(offset),
  );
  return { ...page, data: page.data.map((row) => toRecord(actor, row)) };
}

export type ReceivedFileForm = ReceivedForm;

/** Every check of a new file, all reported at once; throws 400 when any fails. */
export function validateFileForm({ fields, staged, errors: known }: ReceivedFileForm): { input: FileFields; content: { kind: string; mime: string } | null } {
  const errors: FieldErrors = structuredClone(known);
  const given = { ...fields };
  // A form sends an empty link when the file is chosen instead.
  if (given.link !== undefined && given.link.trim() === "") delete given.link;
  const input = parseFormFields(fileFieldsSchema, given, errors);
  const hasFile = staged !== null;
  const hasLink = given.link !== undefined;
  if (hasFile && hasLink) {
    addFieldError(errors, "file", "Give either a file or a link, not both.");
    addFieldError(errors, "link", "Give either a file or a link, not both.");
  } else if (!hasFile && !hasLink && !errors.file) {
    addFieldError(errors, "file", "Give a file or a link.");
    addFieldError(errors, "link", "Give a file or a link.");
  }
  let content: { kind: string; mime: string } | null = null;
  if (staged && !staged.tooLarge && input !== null && !hasLink) {
    const checked = checkContent(staged, FILE_TYPE_KINDS[input.type]);
    if (checked.ok) content = { kind: checked.kind, mime: checked.mime };
    else for (const message of checked.errors) addFieldError(errors, "file", message);
  }
  if (Object.keys(errors).length > 0 || input === null) throw badRequest(errors);
  return { input, content };
}

/** The streaming cap for a file of `type` (the largest kind it may carry), before its bytes are seen. */
export function uploadCapFor(type: string | undefined): number {
  const kinds = FILE_TYPE_KINDS[type as FileType] ?? Object.keys(UPLOAD_LIMITS);
  return Math.max(...kinds.map((kind) => UPLOAD_LIMITS[kind as keyof typeof UPLOAD_LIMITS]));
}

/** A Game file's zip, unpacked with every check of bundles.ts; a refusal is the `file` field's 400, nothing kept. */
async function unpackGame(staged: NonNullable<ReceivedFileForm["staged"]>, stagingDir: string, limits: BundleSettings): Promise<UnpackedBundle> {
  try {
    if (staged.size > limits.maxZipBytes) throw new BundleRefused("zipTooLarge");
    return await unpackBundle(staged.tempPath, stagingDir, limits);
  } catch (error) {
    if (error instanceof BundleRefused) throw badRequest({ file: [error.message] });
    throw error;
  }
}

export type BundleSettings = BundleLimits & { maxZipBytes: number };

/**
 * Creates a file. Bytes go into the store first and the rows after, in one transaction: a
 * failure between the two leaves at most stray bytes (removed here), never a row without them.
 * A Game file's zip is unpacked and checked first: a refused bundle stores nothing at all.
 */
export async function createFile(db: Db, store: BlobStore, actor: Actor, form: ReceivedFileForm, bundleLimits: BundleSettings): Promise<FileRecord> {
  const clinicId = catalogueOwnerFor(actor);
  const { input, content } = validateFileForm(form);
  const staged = form.staged;
  const bundle = staged && content && input.type === "Game" ? await unpackGame(staged, store.stagingDir, bundleLimits) : null;
  const storedKeys: string[] = [];
  let storageKey: string | null = null;
  try {
    const entryKeys: string[] = [];
    for (const entry of bundle?.entries ?? []) {
      const key = newStorageKey();
      await store.put(key, entry.tempPath, entry.size, entry.mime);
      storedKeys.push(key);
      entryKeys.push(key);
    }
    if (staged && content) {
      storageKey = newStorageKey();
      await store.put(storageKey, staged.tempPath, staged.size, content.mime);
      storedKeys.push(storageKey);
    }
    const row = await db.transaction(async (tx) => {
      let uploadId: string | null = null;
      if (staged && content && storageKey) {
        const [upload] = await tx
          .insert(uploads)
          .values({
            kind: content.kind,
            mime: content.mime,
            size: staged.size,
            sha256: staged.sha256,
            originalName: staged.originalName,
            storageKey,
            clinicId,
            createdBy: actor.id,
          })
          .returning({ id: uploads.id });
        uploadId = upload?.id ?? null;
      }
      if (bundle && uploadId) {
        const rows = bundle.entries.map((entry, index) => ({
          uploadId: uploadId as string,
          path: entry.path,
          storageKey: entryKeys[index] as string,
          mime: entry.mime,
          encoding: entry.encoding,
          size: entry.size,
        }));
        for (let start = 0; start < rows.length; start += 500) await tx.insert(bundleEntries).values(rows.slice(start, start + 500));
      }
      const [file] = await tx
        .insert(files)
        .values({ name: input.name, type: input.type, uploadId, link: uploadId ? null : (input.link ?? null), clinicId, createdBy: actor.id })
        .returning();
      if (!file) throw new Error("No file row inserted");
      return file;
    });
    return toRecord(actor, {
      ...row,
      mime: content?.mime ?? null,
      size: staged && content ? staged.size : null,
      originalName: staged && content ? staged.originalName : null,
    });
  } catch (error) {
    await Promise.all(storedKeys.map((key) => store.remove(key).catch(() => {})));
    throw error;
  } finally {
    await bundle?.discard();
  }
}

/**
 * Deletes a file and its upload. The rows go first (committed), the bytes after: should
 * removing the bytes fail, what remains is unreferenced bytes (logged), never a row that
 * points at nothing.
 */
export async function deleteFile(db: Db, store: BlobStore, actor: Actor, id: number, log: FastifyBaseLogger): Promise<void> {
  const storageKeys = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(files).where(eq(files.id, id)).for("update");
    assertCatalogueAccess(actor, row, "change");
    await tx.delete(files).where(eq(files.id, id));
    if (!row?.uploadId) return [];
    // A bundle's unpacked files go with its upload (the rows by cascade, the bytes below).
    const entries = await tx.select({ storageKey: bundleEntries.storageKey }).from(bundleEntries).where(eq(bundleEntries.uploadId, row.uploadId));
    const [upload] = await tx
      .delete(uploads)
      .where(and(eq(uploads.id, row.uploadId), sql`not exists (select 1 from files f where f.upload_id = ${row.uploadId})`))
      .returning({ storageKey: uploads.storageKey });
    return upload ? [upload.storageKey, ...entries.map((entry) => entry.storageKey)] : [];
  });
  for (const storageKey of storageKeys) {
    await store.remove(storageKey).catch((error: unknown) => log.error({ err: error, storageKey }, "could not remove the bytes of a deleted upload"));
  }
}
