import type { Paged } from "@clinic/shared";
import { useState } from "react";
import { useSearchParams } from "react-router";
import type { ListPaging } from "../../../lib/components/ListPagination.tsx";
import { useSettledText } from "../../../lib/debounce.ts";

type ParamValue = string | number | null | undefined;

/**
 * A list's filters and page kept in the address (`?store=&q=&page=`): a reload, a shared link or
 * the way back from an order lands on the same list. A change of any filter goes back to page 1.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const get = (name: string) => params.get(name) ?? "";
  const set = (changes: Record<string, ParamValue>) => {
    // From the address as it is now, not as this render saw it: two changes in a row (a date
    // typed, then the other) would otherwise each start from the same old address, and the
    // second would undo the first.
    const next = new URLSearchParams(typeof window === "undefined" ? params : window.location.search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === undefined || value === "") next.delete(name);
      else next.set(name, String(value));
    }
    if (!("page" in changes)) next.delete("page");
    setParams(next, { replace: true });
  };
  const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
  return { get, set, page };
}

/**
 * The search box of a list kept in the address as `q`: the box answers each key at once, the
 * address (and so the server) only once typing pauses.
 */
export function useUrlSearch(url: ReturnType<typeof useUrlParams>) {
  const [text, setText] = useState(url.get("q"));
  useSettledText(text, () => {
    if (text.trim() !== url.get("q")) url.set({ q: text.trim() });
  });
  return { text, setText };
}

/** A positive whole id from the address, or null. */
export function idParam(value: string | undefined | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The page and its size kept in the address (`?page=&rows=`): the query to ask for, and the pager's state once answered. */
export function urlPaging(url: ReturnType<typeof useUrlParams>) {
  const rowsPerPage = Number(url.get("rows")) || 10;
  return {
    query: new URLSearchParams({ page: String(url.page), rowsPerPage: String(rowsPerPage) }),
    pager: (answer: Paged<unknown>): ListPaging => ({
      total: answer.total,
      totalCapped: answer.totalCapped === true,
      page: url.page,
      rowsPerPage,
      onPage: (page) => url.set({ page }),
      onRowsPerPage: (rows) => url.set({ rows }),
    }),
  };
}
