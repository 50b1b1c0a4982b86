import type { PageQuery, Paged } from "@clinic/shared";
import { ilike, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/** SQL limit and offset for a 1-based page. */
export function pageWindow({ page, rowsPerPage }: PageQuery): { limit: number; offset: number } {
  return { limit: rowsPerPage, offset: (page - 1) * rowsPerPage };
}

export function paged<T>(data: T[], total: number, { page }: PageQuery): Paged<T> {
  return { data, page, total };
}

/** A case-insensitive "contains" filter for list searches; `%` and `_` in the text are literal. None for no text. */
export function containsText(column: PgColumn, value: string | undefined): SQL | undefined {
  if (!value) return undefined;
  return ilike(column, `%${value.replace(/[\\%_]/g, "\\$&")}%`);
}
