import { MESSAGE_STATES, type Message, type MessageState, richTextToPlain } from "@clinic/shared";
import SendIcon from "@mui/icons-material/Send";
import { Box, Button, Card, CardActions, CardContent, Chip, type ChipProps, LinearProgress, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../lib/components/ConfirmDialog.tsx";
import { ListLoading, ListPagination } from "../../lib/components/ListPagination.tsx";
import { formatDateTime } from "../../lib/dates.ts";
import { useAction } from "../../lib/resource.ts";
import { usePagedList } from "../../lib/usePagedList.ts";
import { cancelMessage, MESSAGES_KEY, MESSAGES_PATH } from "./api.ts";
import { FailedRecipients } from "./FailedRecipients.tsx";
import { MessageDialog } from "./MessageDialog.tsx";

const STATE_COLOR: Record<MessageState, ChipProps["color"]> = { scheduled: "info", sending: "warning", sent: "success", cancelled: "default" };
/** How often the list asks again while a message is on its way. */
const PROGRESS_MS = 2000;

/** Who a message is for, in words. */
function audienceOf(message: Message, t: TFunction, language: string): string {
  const parts = [
    ...message.roles.map((role) => t(`messages.roleNames.all.${role}`)),
    ...message.clinics.map((clinic) => clinic.name),
    ...message.groups.map((group) => (language === "es" ? group.name.es : group.name.en)),
    ...message.users.map((user) => user.name),
  ];
  return parts.join(", ");
}

function Figure({ label, value, color }: { label: string; value: number | string; color?: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="subtitle1" component="div" sx={{ fontWeight: 700, color }}>
        {value}
      </Typography>
    </Box>
  );
}

function MessageCard({ message, onCancel }: { message: Message; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const failedId = useId();
  const [showFailed, setShowFailed] = useState(false);
  const recipients = message.recipients ?? 0;
  const progress = recipients > 0 ? Math.round((message.delivered / recipients) * 100) : 0;
  const when = message.state === "sent" ? message.sentAt : message.sendAt;
  return (
    <Card variant="outlined" component="article" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: "wrap", alignItems: "center", mb: 1 }}>
          <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: "anywhere" }}>
            {message.subject}
          </Typography>
          <Chip size="small" color={STATE_COLOR[message.state]} label={t(`messages.states.${message.state}`)} />
          {message.email ? <Chip size="small" variant="outlined" label={t("messages.byEmail")} /> : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t(message.state === "scheduled" || message.state === "cancelled" ? "messages.scheduledFor" : "messages.sentOn", { date: formatDateTime(when) })}
          {" · "}
          {t("messages.sentByName", { name: message.sentBy?.name ?? t("messages.formerUser") })}
        </Typography>
        <Typography
          variant="body2"
          sx={{ mb: 1, overflowWrap: "anywhere", display: "-webkit-box", WebkitLineClamp: 3, WebkitBoxOrient: "vertical", overflow: "hidden" }}
        >
          {richTextToPlain(message.body)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, overflowWrap: "anywhere" }}>
          {t("messages.to")}: {audienceOf(message, t, i18n.language)}
        </Typography>
        {message.state === "sending" ? (
          <LinearProgress
            variant={message.recipients === null ? "indeterminate" : "determinate"}
            value={progress}
            aria-label={t("messages.progress", { delivered: message.delivered, recipients })}
            sx={{ mb: 1.5 }}
          />
        ) : null}
        {message.recipients !== null ? (
          <Stack direction="row" useFlexGap sx={{ flexWrap: "wrap", columnGap: 4, rowGap: 1 }}>
            <Figure label={t("messages.recipientsCount")} value={recipients} />
            <Figure label={t("messages.delivered")} value={message.delivered} />
            {message.email ? (
              <>
                <Figure label={t("messages.emailsSent")} value={message.emailsSent} />
                <Figure label={t("messages.emailsQueued")} value={message.emailsQueued} />
                <Figure label={t("messages.failed")} value={message.emailsFailed} color={message.emailsFailed > 0 ? "error.main" : undefined} />
              </>
            ) : null}
          </Stack>
        ) : null}
        {showFailed && message.emailsFailed > 0 ? (
          <Box id={failedId}>
            <FailedRecipients messageId={message.id} />
          </Box>
        ) : null}
      </CardContent>
      {message.state === "scheduled" || message.emailsFailed > 0 ? (
        <CardActions>
          {message.state === "scheduled" ? (
            <Button size="small" color="error" onClick={onCancel} aria-describedby={headingId}>
              {t("messages.cancelSending")}
            </Button>
          ) : null}
          {message.emailsFailed > 0 ? (
            <Button size="small" onClick={() => setShowFailed(!showFailed)} aria-expanded={showFailed} aria-controls={failedId} aria-describedby={headingId}>
              {t(showFailed ? "messages.failedList.hide" : "messages.failedList.show", { count: message.emailsFailed })}
            </Button>
          ) : null}
        </CardActions>
      ) : null}
    </Card>
  );
}

/**
 * §2 `message` (issue 19.2): write to the people one manages, now or at a time, and follow
 * each message's delivery: recipients, delivered, emails sent and failed.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<MessageState | "">("");
  const [composing, setComposing] = useState(false);
  const [cancelling, setCancelling] = useState<Message | null>(null);
  const list = usePagedList<Message>(MESSAGES_KEY, MESSAGES_PATH, { filters: { state } });
  const cancel = useAction((message: Message) => cancelMessage(message.id), {
    invalidate: [[MESSAGES_KEY]],
    success: t("messages.cancelled"),
    onSuccess: () => setCancelling(null),
  });
  // While a message is on its way (or due), its counts move: ask again every few seconds.
  const moving = (list.rows ?? []).some(
    (message) => message.state === "sending" || (message.state === "scheduled" && Date.parse(message.sendAt) <= Date.now()),
  );
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: [MESSAGES_KEY, MESSAGES_PATH] }), PROGRESS_MS);
    return () => clearInterval(timer);
  }, [moving, queryClient]);

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{t("messages.intro")}</Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
        <Button variant="contained" startIcon={<SendIcon />} onClick={() => setComposing(true)}>
          {t("messages.compose")}
        </Button>
        <TextField
          select
          size="small"
          label={t("messages.stateFilter")}
          value={state}
          onChange={(event) => setState(event.target.value as MessageState | "")}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t("messages.allStates")}</MenuItem>
          {MESSAGE_STATES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`messages.states.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <ListLoading loading={list.loading} labels="people" />
      <Box component="section" aria-label={t("messages.listLabel")}>
        {list.rows && list.rows.length === 0 ? (
          <Typography>{t("messages.none")}</Typography>
        ) : (
          <Stack spacing={2}>
            {(list.rows ?? []).map((message) => (
              <MessageCard key={message.id} message={message} onCancel={() => setCancelling(message)} />
            ))}
          </Stack>
        )}
      </Box>
      <ListPagination list={list} labels="people" />
      <MessageDialog open={composing} onClose={() => setComposing(false)} />
      <ConfirmDialog
        open={cancelling !== null}
        title={t("messages.cancelTitle")}
        text={t("messages.cancelText", { subject: cancelling?.subject ?? "" })}
        confirmLabel={t("messages.cancelSending")}
        destructive
        busy={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling)}
        onCancel={() => setCancelling(null)}
      />
    </Stack>
  );
}
