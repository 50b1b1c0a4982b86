import type { ChatConversation } from "@clinic/shared";
import ArrowBack from "@mui/icons-material/ArrowBack";
import { Box, Button, IconButton, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useAction } from "../../../lib/resource.ts";
import { useSignedIn } from "../../../lib/session.ts";
import { assign, setStatus, useAgents } from "../api.ts";
import { CHAT_KEY } from "../keys.ts";
import { ChannelIcon } from "./ChannelIcon.tsx";

/** Who the conversation is with, who handles it (assign, assign to me), and closing or reopening it. */
export function ConversationHeader({ conversation, onBack }: { conversation: ChatConversation; onBack?: () => void }) {
  const { t } = useTranslation();
  const session = useSignedIn();
  const agents = useAgents(conversation.clinicId);
  const changed = { invalidate: [[CHAT_KEY]] };
  const assignment = useAction((assigneeId: string | null) => assign(conversation.id, assigneeId), {
    ...changed,
    success: (_, assigneeId) => (assigneeId ? t("chat.header.assigned") : t("chat.header.unassignedNotice")),
  });
  const status = useAction(() => setStatus(conversation.id, conversation.status === "open" ? "closed" : "open"), {
    ...changed,
    success: conversation.status === "open" ? t("chat.header.closedNotice") : t("chat.header.reopenedNotice"),
  });
  const mine = conversation.assignee?.id === session.userId;
  // The current assignee stays choosable even when the list of agents has not come (or left them out).
  const options = [...(agents.data ?? [])];
  if (conversation.assignee && !options.some((agent) => agent.id === conversation.assignee?.id)) options.push(conversation.assignee);
  const busy = assignment.isPending || status.isPending;
  return (
    <Box sx={{ px: { xs: 1, sm: 2 }, py: 1, borderBottom: 1, borderColor: "divider" }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", minWidth: 0 }}>
        {onBack ? (
          <IconButton aria-label={t("chat.header.back")} onClick={onBack} edge="start">
            <ArrowBack />
          </IconButton>
        ) : null}
        <ChannelIcon channel={conversation.channel} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography component="h2" variant="h6" noWrap>
            {conversation.contactName}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {[
              conversation.contactPhone,
              conversation.patient ? t("chat.header.patient", { name: conversation.patient.name }) : t("chat.header.noPatient"),
              t(`chat.channels.${conversation.channel}`),
              conversation.status === "closed" ? t("chat.header.closed") : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </Typography>
        </Box>
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ mt: 1, alignItems: { sm: "center" } }}>
        <TextField
          select
          size="small"
          label={t("chat.header.assignee")}
          value={conversation.assignee?.id ?? ""}
          onChange={(event) => assignment.mutate(event.target.value || null)}
          disabled={busy}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t("chat.header.nobody")}</MenuItem>
          {options.map((agent) => (
            <MenuItem key={agent.id} value={agent.id}>
              {agent.name}
            </MenuItem>
          ))}
        </TextField>
        {mine ? null : (
          <Button variant="outlined" size="small" onClick={() => assignment.mutate(session.userId)} disabled={busy}>
            {t("chat.header.assignMe")}
          </Button>
        )}
        <Button
          variant="outlined"
          size="small"
          color={conversation.status === "open" ? "inherit" : "primary"}
          onClick={() => status.mutate(undefined)}
          disabled={busy}
        >
          {conversation.status === "open" ? t("chat.header.close") : t("chat.header.reopen")}
        </Button>
      </Stack>
    </Box>
  );
}
