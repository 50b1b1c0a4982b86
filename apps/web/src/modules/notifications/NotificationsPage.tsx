import type { Notification } from "@clinic/shared";
import {
  Box,
  Button,
  Chip,
  FormControlLabel,
  Link,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { ListLoading, ListPagination } from "../../lib/components/ListPagination.tsx";
import { formatDateTime } from "../../lib/dates.ts";
import { useAction } from "../../lib/resource.ts";
import { usePagedList } from "../../lib/usePagedList.ts";
import { markAllRead, markRead, NOTIFICATIONS_KEY, NOTIFICATIONS_PATH, UNREAD_KEY } from "./api.ts";
import { EmailPreferences } from "./EmailPreferences.tsx";
import { VISUALLY_HIDDEN } from "../../lib/visually-hidden.ts";

const shownFrom = (from: "sm" | "md") => ({ display: { xs: "none", [from]: "table-cell" } });

/** Spec §2's notifications screen: subject, message, sent date, sent by; read or unread; paged; then the email choices. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = usePagedList<Notification>(NOTIFICATIONS_KEY, NOTIFICATIONS_PATH, { filters: { unread: unreadOnly ? "true" : undefined } });
  const invalidate = [[NOTIFICATIONS_KEY], [...UNREAD_KEY]];
  const readAll = useAction(markAllRead, { invalidate, success: t("notifications.allRead") });
  const readOne = useAction(markRead, { invalidate });
  const rows = list.rows ?? [];

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 1, alignItems: { sm: "center" } }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t("notifications.title")}
          </Typography>
          <FormControlLabel
            control={<Switch checked={unreadOnly} onChange={(event) => setUnreadOnly(event.target.checked)} />}
            label={t("notifications.unreadOnly")}
          />
          <Button variant="outlined" onClick={() => readAll.mutate(undefined)} disabled={readAll.isPending}>
            {t("notifications.markAllRead")}
          </Button>
        </Stack>
        <ListLoading loading={list.loading} labels="people" />
        <TableContainer>
          <Table size="small" aria-label={t("notifications.title")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("notifications.subject")}</TableCell>
                <TableCell sx={shownFrom("sm")}>{t("notifications.message")}</TableCell>
                <TableCell sx={shownFrom("md")}>{t("notifications.sentDate")}</TableCell>
                <TableCell sx={shownFrom("md")}>{t("notifications.sentBy")}</TableCell>
                <TableCell>
                  <Box component="span" sx={VISUALLY_HIDDEN}>
                    {t("notifications.actions")}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} hover selected={!row.readAt}>
                  <TableCell sx={{ fontWeight: row.readAt ? 400 : 700 }}>
                    {row.readAt ? null : <Chip size="small" color="primary" variant="outlined" label={t("notifications.unread")} sx={{ mr: 1 }} />}
                    {row.link ? (
                      <Link component={RouterLink} to={row.link} onClick={() => (row.readAt ? undefined : readOne.mutate(row.id))}>
                        {row.subject}
                      </Link>
                    ) : (
                      row.subject
                    )}
                  </TableCell>
                  <TableCell sx={shownFrom("sm")}>{row.message}</TableCell>
                  <TableCell sx={{ ...shownFrom("md"), whiteSpace: "nowrap" }}>{formatDateTime(row.createdAt)}</TableCell>
                  <TableCell sx={shownFrom("md")}>{row.sentBy?.name ?? t("notifications.system")}</TableCell>
                  <TableCell align="right">
                    {row.readAt ? null : (
                      <Button size="small" onClick={() => readOne.mutate(row.id)} aria-label={t("notifications.markReadNamed", { subject: row.subject })}>
                        {t("notifications.markRead")}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {list.rows && rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5}>{t("notifications.empty")}</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        <ListPagination list={list} labels="people" />
      </Paper>
      <EmailPreferences />
    </Stack>
  );
}
