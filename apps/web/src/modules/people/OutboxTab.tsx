import type { TFunction } from "i18next";
import { MAIL_STATUSES, type MailMessage, type MailStatus } from "@clinic/shared";
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Link, MenuItem, TextField, Typography } from "@mui/material";
import { Fragment, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/dates.ts";
import { MAIL_KEY } from "./api.ts";
import { PeopleTable } from "./PeopleTable.tsx";
import { usePagedList } from "../../lib/usePagedList.ts";
import { emptyListText } from "../../lib/empty-list.ts";

/**
 * What an email is about, in the interface language: every kind the server writes (MAIL_KINDS)
 * has a label under `people.outbox.kinds`, a notification's own email (`notice.<kind>`) too; a
 * mail row older than its kind's label shows as it is.
 */
export function mailKindLabel(t: TFunction, kind: string): string {
  return t(`people.outbox.kinds.${kind}`, { defaultValue: kind });
}

// Outlined: these colours as text on white keep AA contrast (filled info/warning do not).
const STATUS_COLORS: Record<MailStatus, "default" | "success" | "error" | "primary"> = {
  outbox: "primary",
  sent: "success",
  failed: "error",
  queued: "default",
};

/** The mail log, newest first: without SMTP every message waits here, for an admin to read or pass on. */
export function OutboxTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<MailStatus | "">("");
  const list = usePagedList<MailMessage>(MAIL_KEY, "/api/mail-messages/", { filters: { status } });
  const [open, setOpen] = useState<MailMessage | null>(null);
  return (
    <>
      <Typography variant="h6" component="h2">
        {t("people.outbox.title")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t("people.outbox.hint")}
      </Typography>
      <PeopleTable
        list={list}
        label={t("people.outbox.title")}
        searchLabel={t("people.outbox.search")}
        filters={
          <TextField
            select
            size="small"
            label={t("people.outbox.status")}
            value={status}
            onChange={(event) => setStatus(event.target.value as MailStatus | "")}
            sx={{ minWidth: 160 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t("people.stateAll")}</MenuItem>
            {MAIL_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`people.outbox.statuses.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        }
        emptyText={emptyListText(t, list.searched, "people.outbox.empty", "people.outbox.noMatch")}
        columns={[
          { title: t("people.outbox.date"), cell: (row) => formatDateTime(row.createdAt), from: "sm" },
          { title: t("people.outbox.to"), cell: (row) => row.to },
          { title: t("people.outbox.subject"), cell: (row) => row.subject, from: "md" },
          { title: t("people.outbox.kind"), cell: (row) => mailKindLabel(t, row.kind), from: "md" },
          {
            title: t("people.outbox.status"),
            cell: (row) => <Chip size="small" variant="outlined" color={STATUS_COLORS[row.status]} label={t(`people.outbox.statuses.${row.status}`)} />,
          },
        ]}
        actions={(row) => (
          <Button size="small" onClick={() => setOpen(row)} aria-label={t("people.outbox.readNamed", { subject: row.subject, to: row.to })}>
            {t("people.outbox.read")}
          </Button>
        )}
      />
      <MessageDialog message={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** The message as written, its links clickable (an admin passes an invitation on by hand). */
function MessageDialog({ message, onClose }: { message: MailMessage | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={message !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{message?.subject}</DialogTitle>
      <DialogContent>
        {message ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t("people.outbox.meta", { to: message.to, date: formatDateTime(message.createdAt) })}
            </Typography>
            {message.error ? (
              <Typography variant="body2" color="error" sx={{ mb: 2 }}>
                {t("people.outbox.error", { error: message.error })}
              </Typography>
            ) : null}
            <Box component="div" sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word", fontFamily: "inherit" }} data-testid="mail-text">
              {message.text.split(/(https?:\/\/\S+)/).map((part, index) =>
                /^https?:\/\//.test(part) ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order.
                  <Link key={index} href={part}>
                    {part}
                  </Link>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order.
                  <Fragment key={index}>{part}</Fragment>
                ),
              )}
            </Box>
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("people.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
