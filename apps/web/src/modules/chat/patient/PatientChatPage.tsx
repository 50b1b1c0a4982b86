import type { ChatConversation, ChatMessage } from "@clinic/shared";
import { Alert, Box, Paper, Typography } from "@mui/material";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Loading } from "../../../lib/components/Loading.tsx";
import { useSignedIn } from "../../../lib/session.ts";
import { openMine, useMessages, useMine } from "../api.ts";
import { Composer } from "../conversation/Composer.tsx";
import { MessageHistory } from "../conversation/MessageHistory.tsx";
import { useMarkRead } from "../conversation/useMarkRead.ts";
import { useTyping } from "../conversation/useTyping.ts";
import { MINE_KEY } from "../keys.ts";

/** What the patient wrote: on the right, with its ticks. */
const patientsSide = (message: ChatMessage) => message.direction === "in";

/** Where the patient's message goes: their conversation, opened first (get-or-create) if there is none yet. */
export function patientTarget(conversation: ChatConversation | null, client: QueryClient): () => Promise<number> {
  return async () => {
    if (conversation) return conversation.id;
    const opened = await openMine();
    await client.invalidateQueries({ queryKey: [...MINE_KEY] });
    return opened.id;
  };
}

/**
 * A patient's chat with their clinic (issue 41), live over the realtime socket. Until either side
 * writes there is no conversation: the first message opens it (POST /api/chat/me), then goes.
 */
export function PatientChatPage() {
  const { t } = useTranslation();
  const session = useSignedIn();
  const client = useQueryClient();
  const { data: mine, network } = useMine();
  const conversation = mine?.conversation ?? null;
  const history = useMessages(conversation?.id ?? null);
  const ownName = `${session.userData.nombres} ${session.userData.apellidos}`.trim();
  const typing = useTyping(conversation?.id ?? null, true, ownName);
  useMarkRead(conversation, history.messages.at(-1)?.id);
  if (!mine) return network.error ? <Alert severity="warning">{t("chat.patient.loadFailed")}</Alert> : <Loading />;
  const target = patientTarget(conversation, client);
  return (
    <Paper
      variant="outlined"
      sx={{ display: "flex", flexDirection: "column", maxWidth: 860, height: { xs: "calc(100dvh - 104px)", sm: "calc(100dvh - 128px)" }, minHeight: 400 }}
    >
      <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: "divider" }}>
        <Typography component="h2" variant="h6">
          {mine.clinicName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t("chat.patient.intro")}
        </Typography>
      </Box>
      <MessageHistory
        messages={history.messages}
        ours={patientsSide}
        showAuthors={false}
        loading={conversation !== null && history.isLoading}
        hasEarlier={history.hasEarlier}
        loadingEarlier={history.loadingEarlier}
        onLoadEarlier={history.loadEarlier}
        typing={typing.typing}
        emptyText={t("chat.patient.empty", { clinic: mine.clinicName })}
      />
      <Composer target={target} onTyping={typing.signal} />
    </Paper>
  );
}
