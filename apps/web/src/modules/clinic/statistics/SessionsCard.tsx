import type { StatisticsSession } from "@clinic/shared";
import { Box, Button, Stack, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/dates.ts";
import { ExportButtons } from "../../../lib/components/ExportButtons.tsx";
import { formatDuration, formatNumber } from "../assign/activity/gameFigures.ts";
import { SessionDialog, SessionFigureList, SessionTrials } from "../assign/activity/SessionResults.tsx";
import { exportFilters, STATISTICS_EXPORT_PATH, type StatisticsScope } from "./api.ts";
import { FiguresTable, SectionCard } from "../../../lib/components/ChartFigure.tsx";
import { formatPercent } from "./shape.ts";

const PAGE = 10;

/** A session's trials (and figures), opened from either list of sessions. */
function TrialsDialog({ session, patientId, onClose }: { session: StatisticsSession; patientId: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <SessionDialog
      title={t("statistics.sessions.trialsTitle", {
        name: session.activity?.name ?? t(`games.families.${session.family}`),
        date: formatDateTime(session.endedAt),
      })}
      onClose={onClose}
    >
      <SessionTrials patientId={patientId} sessionId={session.id} />
    </SessionDialog>
  );
}

const sessionName = (session: StatisticsSession, t: (key: string) => string) => session.activity?.name ?? t(`games.families.${session.family}`);

/** The range's latest sessions with their figures, each opening its trials. */
export function RecentSessionsCard({ sessions, scope }: { sessions: StatisticsSession[]; scope: StatisticsScope }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<StatisticsSession | null>(null);
  const title = t("statistics.sessions.recent");
  return (
    <SectionCard
      title={title}
      testId="statistics-sessions"
      actions={
        <ExportButtons
          kind="statistics"
          path={STATISTICS_EXPORT_PATH}
          search=""
          filters={exportFilters(scope, "sessions")}
          label={t("statistics.exportOf", { table: title })}
        />
      }
    >
      {sessions.length === 0 ? (
        <Typography color="text.secondary">{t("statistics.noSessions")}</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" }, gap: 3 }}>
          {sessions.map((session) => (
            <Box component="li" key={session.id}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "baseline", flexWrap: "wrap", mb: 0.5 }}>
                <Typography variant="subtitle2" component="h3">
                  {sessionName(session, t)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(session.endedAt)}
                </Typography>
              </Stack>
              <SessionFigureList session={session} dense />
              <Button
                size="small"
                sx={{ mt: 0.5, ml: -0.5 }}
                onClick={() => setOpen(session)}
                aria-label={t("statistics.sessions.openNamed", { name: sessionName(session, t), date: formatDateTime(session.endedAt) })}
              >
                {t("statistics.sessions.open")}
              </Button>
            </Box>
          ))}
        </Box>
      )}
      {open ? <TrialsDialog session={open} patientId={scope.user} onClose={() => setOpen(null)} /> : null}
    </SectionCard>
  );
}

/** Every session of one activity in the range, newest first, a page at a time; each opens its trials. */
export function ActivitySessionsCard({ sessions, scope }: { sessions: StatisticsSession[]; scope: StatisticsScope }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const tableId = useId();
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<StatisticsSession | null>(null);
  const title = t("statistics.sessions.all");
  const shown = sessions.slice(page * PAGE, (page + 1) * PAGE);
  const metric = (session: StatisticsSession, name: string, format: (value: number) => string) => {
    const value = session.metrics[name];
    return value === undefined ? t("statistics.none") : format(value);
  };
  return (
    <SectionCard
      title={title}
      subtitle={t("statistics.sessions.count", { count: sessions.length, number: formatNumber(language, sessions.length) })}
      testId="statistics-sessions"
      actions={
        <ExportButtons
          kind="statistics"
          path={STATISTICS_EXPORT_PATH}
          search=""
          filters={exportFilters(scope, "sessions")}
          label={t("statistics.exportOf", { table: title })}
        />
      }
    >
      {sessions.length === 0 ? (
        <Typography color="text.secondary">{t("statistics.noSessions")}</Typography>
      ) : (
        <>
          <FiguresTable id={tableId} caption={t("statistics.sessions.caption")} scrolls={false}>
            <TableHead>
              <TableRow>
                <TableCell>{t("statistics.columns.session")}</TableCell>
                <TableCell align="right">{t("gameResults.level")}</TableCell>
                <TableCell align="right">{t("gameResults.accuracy")}</TableCell>
                <TableCell align="right">{t("gameResults.reaction")}</TableCell>
                <TableCell align="right">{t("gameResults.dizziness")}</TableCell>
                <TableCell align="right">{t("gameResults.duration")}</TableCell>
                <TableCell>{t("statistics.columns.ended")}</TableCell>
                <TableCell>{t("gameResults.trials")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((session) => (
                <TableRow key={session.id}>
                  <TableCell component="th" scope="row" sx={{ whiteSpace: "nowrap" }}>
                    {formatDateTime(session.endedAt)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                    {t("gameResults.levelRange", { start: session.levelStart, end: session.levelEnd })}
                  </TableCell>
                  <TableCell align="right">{metric(session, "accuracy", (value) => formatPercent(language, value))}</TableCell>
                  <TableCell align="right">
                    {metric(session, "rt_median_ms", (value) => t("gameResults.ms", { value: formatNumber(language, value) }))}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                    {t("statistics.dizziness.pair", { before: session.dizzinessBefore, after: session.dizzinessAfter })}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                    {formatDuration(t, language, session.durationMs)}
                  </TableCell>
                  <TableCell>{t(`gameResults.ended.${session.ended}`)}</TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      onClick={() => setOpen(session)}
                      aria-label={t("statistics.sessions.openNamed", { name: sessionName(session, t), date: formatDateTime(session.endedAt) })}
                    >
                      {t("statistics.sessions.open")}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </FiguresTable>
          {sessions.length > PAGE ? (
            <TablePagination
              component="div"
              count={sessions.length}
              page={page}
              rowsPerPage={PAGE}
              rowsPerPageOptions={[PAGE]}
              onPageChange={(_, next) => setPage(next)}
              labelDisplayedRows={({ from, to, count }) => t("catalogue.displayedRows", { from, to, count })}
              getItemAriaLabel={(type) => t(`catalogue.page.${type}`)}
            />
          ) : null}
        </>
      )}
      {open ? <TrialsDialog session={open} patientId={scope.user} onClose={() => setOpen(null)} /> : null}
    </SectionCard>
  );
}
