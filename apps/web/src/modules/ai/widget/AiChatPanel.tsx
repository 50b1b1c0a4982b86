import type { AiConversationSummary, SessionState } from "@clinic/shared";
import { Alert, Box, Button, Drawer, LinearProgress, Stack, Typography, useMediaQuery, useTheme } from "@mui/material";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeleteQuestion } from "../../../lib/components/DeleteQuestion.tsx";
import { describeFailure } from "../../../lib/notices.tsx";
import { useAction } from "../../../lib/resource.ts";
import { deleteAllConversations, deleteConversation, refusalOf } from "./api.ts";
import type { ChatEntry } from "./chat-state.ts";
import { Composer, sendable } from "./Composer.tsx";
import { MessageList } from "./MessageList.tsx";
import { PanelHeader } from "./PanelHeader.tsx";
import { useAiChat } from "./useAiChat.ts";

export const PANEL_WIDTH = 420;

/** The conversation's name in the delete question: its title, or its first question while the list has not caught up. */
export function conversationTitle(id: number, conversations: readonly AiConversationSummary[] | undefined, entries: readonly ChatEntry[]): string {
  const listed = conversations?.find((row) => row.id === id)?.title;
  if (listed) return listed;
  const first = entries.find((entry) => entry.kind === "message" && entry.message.role === "user");
  return first?.kind === "message" ? first.message.content.slice(0, 80) : "";
}

/** What a new conversation shows: a greeting, what to ask, that it gives no medical advice, and the latest conversations to go back to. */
export function Welcome({ name, recent, onOpen }: { name: string; recent: readonly AiConversationSummary[]; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} sx={{ py: 1 }}>
      <Typography component="p" variant="h6">
        {t("aiWidget.welcome.title", { name })}
      </Typography>
      <Typography variant="body2">{t("aiWidget.welcome.text")}</Typography>
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        {t("aiWidget.welcome.noAdvice")}
      </Typography>
      {recent.length > 0 ? (
        <Box>
          <Typography component="p" variant="caption" sx={{ fontWeight: 700, color: "text.secondary" }}>
            {t("aiWidget.welcome.recent")}
          </Typography>
          <Stack spacing={0.5} sx={{ alignItems: "flex-start" }}>
            {recent.slice(0, 3).map((row) => (
              <Button key={row.id} size="small" onClick={() => onOpen(row.id)} sx={{ textTransform: "none", textAlign: "left" }}>
                {row.title}
              </Button>
            ))}
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}

interface AiChatPanelProps {
  session: SessionState;
  open: boolean;
  onClose: () => void;
}

/**
 * The assistant's panel: a drawer on the right (the whole screen on a phone, over the page; beside
 * it elsewhere, so a source opened stays in view), with the conversation and the composer. It stays
 * mounted once opened: an answer goes on being written while it is closed.
 */
export function AiChatPanel({ session, open, onClose }: AiChatPanelProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  const titleId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const chat = useAiChat(session.userId);
  const { state, conversations } = chat;

  const removeOne = useAction((target: { id: number; title: string }) => deleteConversation(target.id), {
    success: t("aiWidget.deleted"),
    onSuccess: (_, target) => chat.forget(target.id),
  });
  const removeAll = useAction((_: { id: "all" }) => deleteAllConversations(), { success: t("aiWidget.deletedAll"), onSuccess: () => chat.forget("all") });
  const deleteOne = useDeleteQuestion(removeOne, {
    title: t("aiWidget.deleteOne.title"),
    text: (row) => t("aiWidget.deleteOne.text", { title: row.title }),
    confirmLabel: t("aiWidget.delete"),
  });
  const deleteEvery = useDeleteQuestion(removeAll, {
    title: t("aiWidget.deleteEvery.title"),
    text: () => t("aiWidget.deleteEvery.text"),
    confirmLabel: t("aiWidget.delete"),
  });

  const send = async () => {
    const question = draft.trim();
    if (state.streaming || chat.opening !== null || !sendable(draft)) return;
    setRefusal(null);
    setDraft("");
    const outcome = await chat.ask(question);
    if (outcome.kind === "refused") {
      // Not stored: the question comes back to be corrected or sent again, unless another was typed meanwhile.
      setDraft((typed) => (typed === "" ? question : typed));
      setRefusal(refusalOf(outcome.failure, t, (failure) => describeFailure(failure, t)));
    }
    input.current?.focus();
  };
  const openConversation = (id: number) => {
    setRefusal(null);
    void chat.open(id);
  };
  const onNavigate = phone ? onClose : undefined;

  return (
    <Drawer
      anchor="right"
      variant={phone ? "temporary" : "persistent"}
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      slotProps={{
        paper: {
          role: "dialog",
          "aria-modal": phone,
          "aria-labelledby": titleId,
          // Beside the page there is no modal to close on Escape: the panel does.
          onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
            if (event.key === "Escape" && !phone && !event.defaultPrevented) onClose();
          },
          sx: { width: phone ? "100%" : PANEL_WIDTH, maxWidth: "100%", display: "flex", flexDirection: "column", overflow: "hidden" },
        },
        transition: { onEntered: () => input.current?.focus() },
      }}
    >
      <PanelHeader
        titleId={titleId}
        conversations={conversations.data}
        listFailed={conversations.isError}
        currentId={state.conversationId}
        busy={state.streaming}
        onNew={() => {
          setRefusal(null);
          chat.reset();
          input.current?.focus();
        }}
        onOpen={openConversation}
        onDelete={() =>
          state.conversationId !== null &&
          deleteOne.ask({
            id: state.conversationId,
            title: conversationTitle(state.conversationId, conversations.data, state.entries) || t("aiWidget.conversation"),
          })
        }
        onDeleteAll={() => deleteEvery.ask({ id: "all" })}
        onClose={onClose}
      />
      {chat.opening !== null ? <LinearProgress aria-label={t("aiWidget.loading")} /> : null}
      <MessageList
        entries={state.entries}
        streaming={state.streaming}
        welcome={<Welcome name={session.userData.nombres} recent={conversations.data ?? []} onOpen={openConversation} />}
        feedbackFor={(message) => ({ busy: chat.feedback.isPending, onPress: (pressed) => chat.feedback.mutate({ message, pressed }) })}
        onNavigate={onNavigate}
      />
      {refusal ? (
        <Alert
          severity="error"
          onClose={() => setRefusal(null)}
          slotProps={{ closeButton: { title: t("aiWidget.dismiss"), "aria-label": t("aiWidget.dismiss") } }}
          sx={{ mx: 1.5, mb: 0.5 }}
        >
          {refusal}
        </Alert>
      ) : null}
      <Composer value={draft} onChange={setDraft} onSend={() => void send()} onStop={chat.stop} streaming={state.streaming} inputRef={input} />
      {deleteOne.dialog}
      {deleteEvery.dialog}
    </Drawer>
  );
}
