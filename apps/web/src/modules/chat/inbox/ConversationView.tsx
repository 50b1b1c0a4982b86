import type { ChatMessage } from "@clinic/shared";
import { Alert, Box, Stack } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Loading } from "../../../lib/components/Loading.tsx";
import { useSignedIn } from "../../../lib/session.ts";
import { useCannedReplies, useConversation, useMessages } from "../api.ts";
import { Composer } from "../conversation/Composer.tsx";
import { MessageHistory } from "../conversation/MessageHistory.tsx";
import { TemplateDialog } from "../conversation/TemplateDialog.tsx";
import { useMarkRead } from "../conversation/useMarkRead.ts";
import { useTyping } from "../conversation/useTyping.ts";
import { windowClosed } from "../format.ts";
import { ConversationHeader } from "./ConversationHeader.tsx";

/** What the clinic's side wrote (replies and notes): on the right for an agent. */
const agentsSide = (message: ChatMessage) => message.direction !== "in";

/** The inbox's right pane: a conversation's header, history and composer. */
export function ConversationView({ id, onBack }: { id: number; onBack?: () => void }) {
  const { t } = useTranslation();
  const session = useSignedIn();
  const { data: conversation, network } = useConversation(id);
  const history = useMessages(id);
  const canned = useCannedReplies(conversation?.clinicId ?? null, conversation !== undefined);
  const ownName = `${session.userData.nombres} ${session.userData.apellidos}`.trim();
  const typing = useTyping(id, conversation?.channel === "app", ownName);
  const [templating, setTemplating] = useState(false);
  useMarkRead(conversation, history.messages.at(-1)?.id);
  if (!conversation) {
    return network.error ? (
      <Alert severity="warning" sx={{ m: 2 }}>
        {network.status === 404 ? t("chat.view.notFound") : t("chat.view.loadFailed")}
      </Alert>
    ) : (
      <Loading />
    );
  }
  return (
    <Stack sx={{ height: "100%", minHeight: 0 }}>
      <ConversationHeader conversation={conversation} onBack={onBack} />
      <MessageHistory
        messages={history.messages}
        ours={agentsSide}
        showAuthors
        loading={history.isLoading}
        hasEarlier={history.hasEarlier}
        loadingEarlier={history.loadingEarlier}
        onLoadEarlier={history.loadEarlier}
        typing={typing.typing}
        emptyText={t("chat.history.empty")}
      />
      {conversation.status === "closed" ? (
        <Box sx={{ p: 1.5, borderTop: 1, borderColor: "divider" }}>
          <Alert severity="info">{t("chat.composer.closed")}</Alert>
        </Box>
      ) : (
        <Composer
          key={conversation.id}
          target={async () => conversation.id}
          onTyping={typing.signal}
          agent={{ canned: canned.data ?? [], windowClosed: windowClosed(conversation), onTemplate: () => setTemplating(true) }}
        />
      )}
      {conversation.channel === "whatsapp" ? (
        <TemplateDialog open={templating} onClose={() => setTemplating(false)} conversationId={conversation.id} clinicId={conversation.clinicId} />
      ) : null}
    </Stack>
  );
}
