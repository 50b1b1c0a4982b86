import { type GameSessionFigures, MAX_PAGE_SIZE, type Paged } from "@clinic/shared";
import { MenuItem, TextField } from "@mui/material";
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { get } from "../../../../lib/api.ts";
import { appendPage } from "../../../../lib/collection.ts";
import { ListLoading } from "../../../../lib/components/ListPagination.tsx";
import { formatDateTime } from "../../../../lib/dates.ts";
import { useNotices } from "../../../../lib/notices.tsx";
import { SESSIONS_KEY } from "./SessionResults.tsx";

/** The menu's last item while older sessions remain on the server: picking it asks for their page. */
const OLDER = "older";

/**
 * An assignment's sessions, newest first, a page of the server's largest size at a time: a game
 * played every day for a year has more than one page, and each is reachable.
 */
export const assignmentSessionsQuery = (assignmentId: number, patientId: string) =>
  infiniteQueryOptions({
    queryKey: [SESSIONS_KEY, patientId, "sessions", assignmentId],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      get<Paged<GameSessionFigures>>(`/api/assignActivity/${assignmentId}/game-sessions?page=${pageParam}&rowsPerPage=${MAX_PAGE_SIZE}`, signal),
    getNextPageParam: (last, pages) => (loadedOf(pages) < last.total && last.data.length > 0 ? last.page + 1 : undefined),
  });

const loadedOf = (pages: Paged<GameSessionFigures>[]) => pages.reduce((sum, page) => sum + page.data.length, 0);

/** The sessions loaded so far, each once, and the server's total. */
export function sessionsOf(data: InfiniteData<Paged<GameSessionFigures>> | undefined) {
  const pages = data?.pages ?? [];
  return { sessions: pages.reduce<GameSessionFigures[]>((list, page) => appendPage(list, page.data), []), total: pages.at(-1)?.total ?? 0 };
}

/**
 * The results dialog's session picker: the loaded sessions, and while older ones remain, a last
 * item that loads the next page and keeps the menu open on it. `value` null: the newest.
 */
export function SessionPicker({
  assignmentId,
  patientId,
  value,
  onChange,
}: {
  assignmentId: number;
  patientId: string;
  value: number | null;
  onChange: (sessionId: number) => void;
}) {
  const { t } = useTranslation();
  const notices = useNotices();
  const query = useInfiniteQuery(assignmentSessionsQuery(assignmentId, patientId));
  useEffect(() => {
    if (query.error) notices.error(query.error);
  }, [query.error, notices]);
  const { sessions, total } = useMemo(() => sessionsOf(query.data), [query.data]);
  const [open, setOpen] = useState(false);
  // MUI closes the menu right after the change; asking for older sessions keeps it open.
  const keepOpen = useRef(false);
  const chosen = value ?? sessions[0]?.id ?? null;
  if (sessions.length === 0) return <ListLoading loading={query.isFetching} labels="catalogue" />;
  return (
    <>
      <ListLoading loading={query.isFetching} labels="catalogue" />
      <TextField
        select
        size="small"
        label={t("gameResults.session")}
        value={chosen ?? ""}
        onChange={(event) => {
          if (event.target.value === OLDER) {
            keepOpen.current = true;
            void query.fetchNextPage();
          } else onChange(Number(event.target.value));
        }}
        helperText={query.hasNextPage ? t("gameResults.sessionsShown", { shown: sessions.length, total }) : undefined}
        slotProps={{
          select: {
            open,
            onOpen: () => setOpen(true),
            onClose: () => {
              if (keepOpen.current) keepOpen.current = false;
              else setOpen(false);
            },
          },
        }}
        sx={{ mt: 1, mb: 2, width: { xs: "100%", sm: 420 }, maxWidth: "100%" }}
      >
        {sessions.map((session) => (
          <MenuItem key={session.id} value={session.id}>
            {t("gameResults.sessionOption", {
              date: formatDateTime(session.endedAt),
              level: session.levelEnd,
              ended: t(`gameResults.ended.${session.ended}`),
            })}
          </MenuItem>
        ))}
        {query.hasNextPage ? (
          <MenuItem value={OLDER} disabled={query.isFetchingNextPage} sx={{ fontStyle: "italic" }}>
            {t("gameResults.olderSessions", { shown: sessions.length, total })}
          </MenuItem>
        ) : null}
      </TextField>
    </>
  );
}
