import type { Paged } from "@clinic/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSettledText } from "./debounce.ts";
import { type WithId, withAdded } from "./collection.ts";
import { forgetAdded, useAddedRecords, useResource } from "./resource.ts";

export interface PagedListOptions<T> {
  /** Filters sent beside the search; a change of any goes back to the first page. Empty values are left out. */
  filters?: Record<string, string | number | undefined>;
  pageSize?: number;
  /**
   * How the search text reaches the server: `q=…` (default), or a field searched by name, as
   * the catalogue's endpoints take it (spec §7: `name=<field>&value=<text>`).
   */
  searchField?: string;
  /**
   * Whether a record just added belongs in this list as filtered now (spec §4 puts it first);
   * all do by default. None shows while a search is typed: the server decides what matches.
   */
  showsAdded?: (record: T) => boolean;
  /** The search the list opens with: one the screen keeps in its address (`?q=`), say. */
  initialSearch?: string;
}

/**
 * Server-side paging and search for a list: page, rowsPerPage and the search text. Typing waits
 * a moment before asking the server; a new search or filter goes back to the first page. `path`
 * null waits (a filter the list needs is not chosen yet). `reset` returns the list to its initial
 * state (spec §4): no search, first page, default size, nothing kept first, data fetched anew.
 * Records an action `adds` to `[resource]` show first on the first page (useAction).
 */
export function usePagedList<T extends WithId>(
  resource: string,
  path: string | null,
  { filters = {}, pageSize = 10, searchField, showsAdded, initialSearch = "" }: PagedListOptions<T> = {},
) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [rowsPerPage, setRowsPerPage] = useState(pageSize);
  const [search, setSearch] = useState(initialSearch);
  const text = useSettledText(search, () => setPage(1));
  const filterKey = JSON.stringify(filters);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `filterKey` is what changed; the page goes back to 1.
  useEffect(() => setPage(1), [filterKey]);

  const params = new URLSearchParams({ page: String(page), rowsPerPage: String(rowsPerPage) });
  if (searchField) {
    params.set("name", searchField);
    if (text) params.set("value", text);
  } else if (text) params.set("q", text);
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== "") params.set(key, String(value));
  const { data, network } = useResource<Paged<T>>([resource, path, params.toString()], path ? `${path}?${params}` : null);
  const added = useAddedRecords<T>([resource]).filter((record) => !text && (showsAdded?.(record) ?? true));

  return {
    rows: data ? withAdded(data.data, added, page === 1) : undefined,
    /** The page as the server answered it, for what a list carries beside its rows (the payment history's sums). */
    response: data,
    total: data?.total ?? 0,
    /** The total is a floor: the server stopped counting there. */
    totalCapped: data?.totalCapped === true,
    page,
    rowsPerPage,
    search,
    /** The search the rows answer (the typed one once it settles): what an empty list quotes. */
    searched: text,
    loading: network.isFetching,
    onSearch: setSearch,
    onPage: setPage,
    onRowsPerPage: (rows: number) => {
      setRowsPerPage(rows);
      setPage(1);
    },
    reset: () => {
      setSearch("");
      setPage(1);
      setRowsPerPage(pageSize);
      forgetAdded(queryClient, [resource]);
      void queryClient.resetQueries({ queryKey: [resource] });
    },
  };
}

export type PagedList<T extends WithId> = ReturnType<typeof usePagedList<T>>;
