import type { Paged } from "@clinic/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSettledText } from "../../../lib/debounce.ts";
import { useResource } from "../../../lib/resource.ts";

/**
 * Server-side paging and search for a catalogue list (spec §7: page, rowsPerPage, and
 * `name`/`value` as field and text). Typing waits a moment before asking the server; a
 * change of search or of a filter in `extra` goes back to the first page. `reset` returns the
 * list to its initial state (spec §4): no search, first page, default size, data fetched anew.
 */
export function useCatalogueList<T>(resource: string, path: string, extra: Record<string, string | number | undefined> = {}, pageSize = 10) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [rowsPerPage, setRowsPerPage] = useState(pageSize);
  const [search, setSearch] = useState("");
  const value = useSettledText(search, () => setPage(1));
  const filters = JSON.stringify(extra);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `filters` is the key that changed; the page goes back to 1.
  useEffect(() => setPage(1), [filters]);

  const params = new URLSearchParams({ page: String(page), rowsPerPage: String(rowsPerPage), name: "name" });
  if (value) params.set("value", value);
  for (const [key, item] of Object.entries(extra)) if (item !== undefined && item !== "") params.set(key, String(item));
  const { data, network } = useResource<Paged<T>>([resource, params.toString()], `${path}?${params}`);

  return {
    rows: data?.data,
    total: data?.total ?? 0,
    page,
    rowsPerPage,
    search,
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
      void queryClient.resetQueries({ queryKey: [resource] });
    },
  };
}
