import type { Paged, UploadListQuery, UploadSummary } from "@clinic/shared";
import { and, count, desc, eq, or } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { type Actor, catalogueScope } from "./access.ts";
import { forbidden } from "./errors.ts";
import { containsText, pageWindow, paged } from "./paging.ts";
import { uploads } from "./uploads.table.ts";

/**
 * The editor picker's gallery: uploads of one kind in the caller's catalogue (every one for
 * admins; the platform's and their own clinic's for staff, as they may download them),
 * newest first, searched by the given name or the file's own.
 */
export async function listUploads(db: Db, actor: Actor, query: UploadListQuery): Promise<Paged<UploadSummary>> {
  if (actor.role === "patient") throw forbidden();
  const where = and(
    eq(uploads.kind, query.kind),
    catalogueScope(actor, uploads.clinicId),
    query.q ? or(containsText(uploads.name, query.q), containsText(uploads.originalName, query.q)) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: uploads.id,
        name: uploads.name,
        originalName: uploads.originalName,
        mime: uploads.mime,
        size: uploads.size,
        createdAt: uploads.createdAt,
      })
      .from(uploads)
      .where(where)
      .orderBy(desc(uploads.createdAt), desc(uploads.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(uploads).where(where),
  ]);
  const data = rows.map((row) => ({
    id: row.id,
    url: `/api/uploads/${row.id}`,
    // Uploads made before names were kept show their file's name.
    name: row.name || row.originalName,
    mime: row.mime,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  }));
  return paged(data, total, query);
}
