import type { AssignedActivity, Paged } from "@clinic/shared";
import { type QueryKey, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { get } from "../../../../lib/api.ts";
import { appendPage, withAdded } from "../../../../lib/collection.ts";
import { useNotices } from "../../../../lib/notices.tsx";
import { forgetAdded, useAddedRecords } from "../../../../lib/resource.ts";
import { ASSIGNMENTS_KEY } from "./api.ts";

export const ASSIGNMENTS_PAGE_SIZE = 10;

/**
 * A patient's assignments, page by page: "load more" appends each further page to what is
 * shown (spec §3, assignActivities). `path` is the list call without paging; `params` its
 * filters. A change of filters starts again from the first page. Rows just assigned or copied
 * come first (spec §4) while `showsAdded` says they fit the filters; `addedList` is where they
 * are kept (the patient's, or a narrower list's such as the nutrition plan's); `reset` forgets
 * them and reloads from the first page.
 */
export function useAssignmentList(
  patientId: string,
  path: string,
  params: Record<string, string | undefined>,
  showsAdded: (row: AssignedActivity) => boolean = () => true,
  addedList: QueryKey = [ASSIGNMENTS_KEY, patientId],
) {
  const notices = useNotices();
  const client = useQueryClient();
  const added = useAddedRecords<AssignedActivity>(addedList);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "") search.set(key, value);
  const query = useInfiniteQuery({
    queryKey: [ASSIGNMENTS_KEY, patientId, path, search.toString()],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => {
      const paging = new URLSearchParams(search);
      paging.set("page", String(pageParam));
      paging.set("rowsPerPage", String(ASSIGNMENTS_PAGE_SIZE));
      return get<Paged<AssignedActivity>>(`${path}?${paging}`, signal);
    },
    getNextPageParam: (last, pages) => (pages.reduce((sum, page) => sum + page.data.length, 0) < last.total ? last.page + 1 : undefined),
  });
  const notified = useRef<unknown>(null);
  useEffect(() => {
    if (query.error && notified.current !== query.error) {
      notified.current = query.error;
      notices.error(query.error);
    }
  }, [query.error, notices]);
  const fetched = useMemo(() => (query.data?.pages ?? []).reduce<AssignedActivity[]>((list, page) => appendPage(list, page.data), []), [query.data]);
  const rows = withAdded(fetched, added.filter(showsAdded), true);
  return {
    rows,
    total: query.data?.pages.at(-1)?.total ?? 0,
    loaded: query.data !== undefined,
    loading: query.isFetching,
    hasMore: query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
    loadingMore: query.isFetchingNextPage,
    reset: () => {
      forgetAdded(client, [ASSIGNMENTS_KEY, patientId]);
      forgetAdded(client, addedList);
      void client.resetQueries({ queryKey: [ASSIGNMENTS_KEY, patientId] });
    },
  };
}
