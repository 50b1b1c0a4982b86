import type { ChatMessage } from "@clinic/shared";
import { Box, Button, Typography } from "@mui/material";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Loading } from "../../../lib/components/Loading.tsx";
import { MessageBubble } from "./MessageBubble.tsx";

interface MessageHistoryProps {
  messages: ChatMessage[];
  /** Whether the reader wrote it: their bubbles go right, with ticks. */
  ours: (message: ChatMessage) => boolean;
  /** Agents see who of the staff wrote each message. */
  showAuthors: boolean;
  loading: boolean;
  hasEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  /** Who else is writing now ("Ana is typing…"). */
  typing: string | null;
  emptyText: string;
}

/**
 * The history of a conversation, oldest first, as a live log (screen readers hear new messages
 * politely), kept scrolled to the newest message as messages arrive; "Load earlier" pages back.
 */
export function MessageHistory({ messages, ours, showAuthors, loading, hasEarlier, loadingEarlier, onLoadEarlier, typing, emptyText }: MessageHistoryProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new newest message (or someone typing) is what scrolls, not an older page.
  useEffect(() => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [newest, typing]);
  return (
    <Box ref={scroller} sx={{ flex: "1 1 auto", minHeight: 0, overflowY: "auto", px: { xs: 1, sm: 2 }, py: 1 }}>
      {hasEarlier ? (
        <Box sx={{ textAlign: "center", mb: 1 }}>
          <Button size="small" onClick={onLoadEarlier} disabled={loadingEarlier}>
            {t("chat.history.loadEarlier")}
          </Button>
        </Box>
      ) : null}
      {loading ? <Loading /> : null}
      <Box role="log" aria-live="polite" aria-label={t("chat.history.label")}>
        {!loading && messages.length === 0 ? (
          <Typography color="text.secondary" sx={{ textAlign: "center", py: 4 }}>
            {emptyText}
          </Typography>
        ) : null}
        <Box component="ul" sx={{ m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1 }}>
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} ours={ours(message)} showAuthor={showAuthors} />
          ))}
        </Box>
        {typing ? (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: "italic", mt: 1 }}>
            {t("chat.history.typing", { name: typing })}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
