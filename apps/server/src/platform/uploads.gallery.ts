import type { Paged, UploadListQuery, UploadSummary } from "@clinic/shared";
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { type Actor, catalogueScope } from "./access.ts";
import { forbidden } from "./errors.ts";
import { containsText, pageOf, pageWindow } from "./paging.ts";
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
  const page = await pageOf(db, actor, query, { tables: [uploads], counted: db.select({ one: sql`1` }).from(uploads).where(where) }, (pageTotal) =>
    db
      .select({
        id: uploads.id,
        name: uploads.name,
        originalName: uploads.originalName,
        mime: uploads.mime,
        size: uploads.size,
        createdAt: uploads.createdAt,
        pageTotal,
      })
      .from(uploads)
      .where(where)
      .orderBy(desc(uploads.createdAt), desc(uploads.id))
      .limit(limit)
      .offset(offset),
  );
  const data = page.data.map((row) => ({
    id: row.id,
    url: `/api/uploads/${row.id}`,
    // Uploads made before names were kept show their file's name.
    name: row.name || row.originalName,
    mime: row.mime,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  }));
  return { ...page, data };
}
