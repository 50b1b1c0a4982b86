import type { PageQuery, Paged } from "@clinic/shared";

/** SQL limit and offset for a 1-based page. */
export function pageWindow({ page, rowsPerPage }: PageQuery): { limit: number; offset: number } {
  return { limit: rowsPerPage, offset: (page - 1) * rowsPerPage };
}

export function paged<T>(data: T[], total: number, { page }: PageQuery): Paged<T> {
  return { data, page, total };
}
