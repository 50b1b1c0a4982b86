import type { GameSessionFigures, GameTrial, Paged } from "@clinic/shared";
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Stack,
  Typography,
} from "@mui/material";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListLoading } from "../../../../lib/components/ListPagination.tsx";
import { useResource } from "../../../../lib/resource.ts";
import { formatNumber, sessionFigures, sessionTimes } from "./gameFigures.ts";

/**
 * A game session's results, shown wherever a therapist reads them (an assignment's results
 * dialog, the statistics screens): its figures, and its trials in pages.
 */

/**
 * Query key root of the results: apart from the assignments' lists, whose records a change
 * replaces by id (a session's id is no assignment's). A dialog opened reads them afresh.
 */
export const SESSIONS_KEY = "game-sessions";
const TRIALS_PAGE = 25;

/**
 * The dialog that shows a session's results. On a phone it takes nearly the whole width: the
 * trials table scrolls sideways inside it.
 */
export function SessionDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      sx={{ "& .MuiDialog-paper": { mx: { xs: 1, sm: 4 }, width: { xs: "calc(100% - 16px)", sm: undefined } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("gameResults.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A session's figures as a definition list: label over value, wrapping to two columns on phones. */
export function SessionFigureList({ session, dense }: { session: GameSessionFigures; dense?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Box
      component="dl"
      aria-label={t("gameResults.title")}
      sx={{ display: "grid", gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(auto-fill, minmax(150px, 1fr))" }, gap: dense ? 0.75 : 1.5, m: 0 }}
    >
      {sessionFigures(session, t, i18n.language).map(([label, value]) => (
        <Box key={label} sx={{ px: 1, py: dense ? 0.5 : 1, border: 1, borderColor: "divider", borderRadius: 1, minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: "block" }}>
            {label}
          </Typography>
          <Typography component="dd" variant={dense ? "body2" : "h6"} sx={{ m: 0, fontWeight: 600 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The mark of a result that reached the clinic well after it was played (played offline, issue 43). */
export function SyncedLaterChip() {
  const { t } = useTranslation();
  // A span, so that it may sit inside a line of text.
  return <Chip component="span" size="small" color="warning" variant="outlined" label={t("gameResults.syncedLater")} />;
}

/** When a session was played on the device and when it arrived, marked when it was synced later. */
export function SessionTimes({ session }: { session: GameSessionFigures }) {
  const { t } = useTranslation();
  const { played, arrived, syncedLater } = sessionTimes(session);
  const time = (label: string, value: string) => (
    <Typography variant="body2">
      <Box component="span" sx={{ color: "text.secondary" }}>
        {label}:{" "}
      </Box>
      {value}
    </Typography>
  );
  return (
    <Box sx={{ mb: 1.5 }} data-testid="session-times">
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
        {time(t("gameResults.played"), played)}
        {time(t("gameResults.arrived"), arrived)}
        {syncedLater ? <SyncedLaterChip /> : null}
      </Stack>
      {syncedLater ? (
        <Typography variant="caption" color="text.secondary">
          {t("gameResults.syncedLaterHint")}
        </Typography>
      ) : null}
    </Box>
  );
}

/** A session's figures and its trials (`GET /api/game-sessions/:id/trials`), a page at a time. */
export function SessionTrials({ patientId, sessionId }: { patientId: string; sessionId: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, network } = useResource<Paged<GameTrial> & { session: GameSessionFigures }>(
    [SESSIONS_KEY, patientId, "trials", sessionId, page],
    `/api/game-sessions/${sessionId}/trials?page=${page}&rowsPerPage=${TRIALS_PAGE}`,
  );
  if (!data) return <ListLoading loading={network.isFetching} labels="catalogue" />;
  const seconds = (ms: number) => t("gameResults.shownAt", { value: formatNumber(i18n.language, ms / 1000, 1) });
  return (
    <>
      <SessionTimes session={data.session} />
      <SessionFigureList session={data.session} />
      <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
        {t("gameResults.trials")}
      </Typography>
      {data.total === 0 ? (
        <Typography color="text.secondary">{t("gameResults.noTrials")}</Typography>
      ) : (
        <>
          {/* Focusable, so that a keyboard can scroll the trials sideways on a phone. */}
          <TableContainer sx={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label={t("gameResults.trialsLabel")}>
            <Table size="small" aria-label={t("gameResults.trialsLabel")}>
              <TableHead>
                <TableRow>
                  {(["index", "kind", "condition", "level", "shownAt", "reaction", "outcome", "correct"] as const).map((column) => (
                    <TableCell key={column}>{t(`gameResults.columns.${column}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.map((trial) => (
                  <TableRow key={trial.index}>
                    <TableCell>{formatNumber(i18n.language, trial.index + 1)}</TableCell>
                    <TableCell>{trial.kind}</TableCell>
                    <TableCell>{trial.condition}</TableCell>
                    <TableCell>{trial.level}</TableCell>
                    <TableCell>{seconds(trial.shownAt)}</TableCell>
                    <TableCell>
                      {trial.rtMs === null ? t("gameResults.none") : t("gameResults.ms", { value: formatNumber(i18n.language, trial.rtMs) })}
                    </TableCell>
                    <TableCell>{t(`gameResults.outcomes.${trial.outcome}`, { defaultValue: trial.outcome })}</TableCell>
                    <TableCell>{trial.correct === null ? t("gameResults.none") : trial.correct ? t("gameResults.yes") : t("gameResults.no")}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={data.total}
            page={page - 1}
            rowsPerPage={TRIALS_PAGE}
            rowsPerPageOptions={[TRIALS_PAGE]}
            onPageChange={(_, next) => setPage(next + 1)}
            labelDisplayedRows={({ from, to, count }) => t("catalogue.displayedRows", { from, to, count })}
            getItemAriaLabel={(type) => t(`catalogue.page.${type}`)}
          />
        </>
      )}
    </>
  );
}
