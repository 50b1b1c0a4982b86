import type { AssignedActivity } from "@clinic/shared";
import { Box, Button, Typography } from "@mui/material";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../../lib/dates.ts";
import { sessionTimes } from "./gameFigures.ts";
import { SessionDialog, SessionFigureList, SessionTrials, SyncedLaterChip } from "./SessionResults.tsx";
import { assignmentSessionsQuery, SessionPicker } from "./SessionPicker.tsx";

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
        {sessionTimes(session).syncedLater ? (
          <Box component="span" sx={{ ml: 1 }}>
            <SyncedLaterChip />
          </Box>
        ) : null}
      </Typography>
      <SessionFigureList session={session} dense />
      <Button size="small" sx={{ mt: 0.5, ml: -0.5 }} onClick={onOpen} aria-label={t("gameResults.openNamed", { name: row.activity.name, date: row.date })}>
        {t("gameResults.open", { count: row.sessionCount })}
      </Button>
    </Box>
  );
}

/** Every session of a game assignment to pick from (a page at a time), the chosen one's figures, and its trials in pages. */
export function GameResultsDialog({ row, onClose }: { row: AssignedActivity; onClose: () => void }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number | null>(row.latestSession?.id ?? null);
  const newest = useInfiniteQuery(assignmentSessionsQuery(row.id, row.patientId)).data?.pages[0]?.data[0]?.id ?? null;
  const sessionId = chosen ?? newest;
  return (
    <SessionDialog title={t("gameResults.dialogTitle", { name: row.activity.name })} onClose={onClose}>
      <SessionPicker assignmentId={row.id} patientId={row.patientId} value={sessionId} onChange={setChosen} />
      {sessionId !== null ? <SessionTrials key={sessionId} patientId={row.patientId} sessionId={sessionId} /> : null}
    </SessionDialog>
  );
}
