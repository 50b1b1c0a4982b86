import type { AssignedActivity, GameSessionFigures, Paged } from "@clinic/shared";
import { Box, Button, MenuItem, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListLoading } from "../../../../lib/components/ListPagination.tsx";
import { formatDateTime } from "../../../../lib/dates.ts";
import { useResource } from "../../../../lib/resource.ts";
import { SESSIONS_KEY, SessionDialog, SessionFigureList, SessionTrials } from "./SessionResults.tsx";

/** Under a game row: the latest session's figures and the button to every session's trials; a note before the first. */
export function RowResults({ row, onOpen }: { row: AssignedActivity; onOpen: () => void }) {
  const { t } = useTranslation();
  if (row.activity.type !== "game") return null;
  const session = row.latestSession;
  if (!session)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t("gameResults.notPlayed")}
      </Typography>
    );
  return (
    <Box sx={{ mt: 1 }} data-testid="game-results">
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        {t("gameResults.figuresOf", { date: formatDateTime(session.endedAt) })}
      </Typography>
      <SessionFigureList session={session} dense />
      <Button size="small" sx={{ mt: 0.5, ml: -0.5 }} onClick={onOpen} aria-label={t("gameResults.openNamed", { name: row.activity.name, date: row.date })}>
        {t("gameResults.open", { count: row.sessionCount })}
      </Button>
    </Box>
  );
}

/** Every session of a game assignment to pick from, the chosen one's figures, and its trials in pages. */
export function GameResultsDialog({ row, onClose }: { row: AssignedActivity; onClose: () => void }) {
  const { t } = useTranslation();
  const sessions = useResource<Paged<GameSessionFigures>>(
    [SESSIONS_KEY, row.patientId, "sessions", row.id],
    `/api/assignActivity/${row.id}/game-sessions?rowsPerPage=100`,
  );
  const [chosen, setChosen] = useState<number | null>(row.latestSession?.id ?? null);
  const sessionId = chosen ?? sessions.data?.data[0]?.id ?? null;
  return (
    <SessionDialog title={t("gameResults.dialogTitle", { name: row.activity.name })} onClose={onClose}>
      <ListLoading loading={sessions.network.isFetching} labels="catalogue" />
      {sessions.data && sessions.data.data.length > 0 ? (
        <TextField
          select
          size="small"
          label={t("gameResults.session")}
          value={sessionId ?? ""}
          onChange={(event) => setChosen(Number(event.target.value))}
          sx={{ mt: 1, mb: 2, width: { xs: "100%", sm: 420 }, maxWidth: "100%" }}
        >
          {sessions.data.data.map((session) => (
            <MenuItem key={session.id} value={session.id}>
              {t("gameResults.sessionOption", {
                date: formatDateTime(session.endedAt),
                level: session.levelEnd,
                ended: t(`gameResults.ended.${session.ended}`),
              })}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {sessionId !== null ? <SessionTrials key={sessionId} patientId={row.patientId} sessionId={sessionId} /> : null}
    </SessionDialog>
  );
}
