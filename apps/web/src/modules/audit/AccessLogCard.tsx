import { ACCESS_LOG_DAYS, type AccessLogEntry } from "@clinic/shared";
import { Box, Card, CardContent, CardHeader, List, ListItem, Typography } from "@mui/material";
import dayjs from "dayjs";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ListLoading, ListPagination } from "../../lib/components/ListPagination.tsx";
import { formatDate } from "../../lib/dates.ts";
import { usePagedList } from "../../lib/usePagedList.ts";
import { ACCESS_LOG_KEY, ACCESS_LOG_PATH, whatKey } from "./api.ts";

/** The page's entries by local day, newest day first (the server sends them newest first). */
function byDay(entries: readonly AccessLogEntry[]): [string, AccessLogEntry[]][] {
  const days = new Map<string, AccessLogEntry[]>();
  for (const entry of entries) {
    const day = formatDate(entry.at);
    days.set(day, [...(days.get(day) ?? []), entry]);
  }
  return [...days];
}

/**
 * "Who has looked at my record" (issue 33.2), in a patient's profile: which staff member opened
 * or worked with the patient's data, and when (to the minute), grouped by day. The server leaves
 * out the patient's own actions, technical jobs and reads of the audit trail itself.
 */
export function AccessLogCard() {
  const { t } = useTranslation();
  const headingId = useId();
  const list = usePagedList<AccessLogEntry>(ACCESS_LOG_KEY, ACCESS_LOG_PATH, { pageSize: 25 });
  const line = (entry: AccessLogEntry) =>
    t("audit.accessLog.line", {
      time: dayjs(entry.at).format("hh:mm a"),
      name: entry.actor.name ?? t("audit.accessLog.unknownPerson"),
      role: entry.actor.role ? t(`audit.roles.${entry.actor.role}`) : t("audit.accessLog.unknownRole"),
      what: t(`audit.accessLog.what.${whatKey(entry.action)}`),
    });

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardHeader
        title={t("audit.accessLog.title")}
        subheader={t("audit.accessLog.hint", { days: ACCESS_LOG_DAYS })}
        slotProps={{ title: { component: "h2", id: headingId } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <ListLoading loading={list.loading} labels="people" />
        {list.rows && list.rows.length === 0 ? <Typography color="text.secondary">{t("audit.accessLog.empty", { days: ACCESS_LOG_DAYS })}</Typography> : null}
        {list.rows
          ? byDay(list.rows).map(([day, entries]) => (
              <Box key={day} component="section" aria-label={t("audit.accessLog.day", { day })} sx={{ mb: 2 }}>
                <Typography variant="subtitle2" component="h3">
                  {day}
                </Typography>
                <List dense disablePadding>
                  {entries.map((entry) => (
                    <ListItem key={entry.id} disableGutters sx={{ py: 0.25 }}>
                      <Typography variant="body2">{line(entry)}</Typography>
                    </ListItem>
                  ))}
                </List>
              </Box>
            ))
          : null}
        {list.total > list.rowsPerPage ? <ListPagination list={list} labels="people" /> : null}
      </CardContent>
    </Card>
  );
}
