import type { AiFeedback, AiMessage } from "@clinic/shared";
import { Alert, Box, Stack, Typography } from "@mui/material";
import type { TFunction } from "i18next";
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { VISUALLY_HIDDEN } from "../../../lib/visually-hidden.ts";
import { aiMessageText } from "./api.ts";
import { AnswerView } from "./AnswerView.tsx";
import { type ChatEntry, INTERRUPTED } from "./chat-state.ts";

/** Why no answer came, in the interface language. */
export const failureText = (t: TFunction, code: string) => (code === INTERRUPTED ? t("aiWidget.interrupted") : aiMessageText(t, code));

/** An answer's Markdown as a screen reader should hear it: the words, without the marks. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`#>~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** What the polite live region says once an ask has ended: the answer, or why there is none. */
export function announcementOf(entries: readonly ChatEntry[], t: TFunction): string {
  const last = entries.at(-1);
  if (!last) return "";
  if (last.kind === "failure") return failureText(t, last.code);
  if (last.kind === "message" && last.message.role === "assistant") {
    if (last.message.mode === "failed") return aiMessageText(t, last.message.notice);
    return t("aiWidget.answered", { text: plainText(last.message.content) });
  }
  return "";
}

function QuestionBubble({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ alignSelf: "flex-end", maxWidth: "85%", px: 1.5, py: 1, borderRadius: 2, bgcolor: "primary.main", color: "primary.contrastText" }}>
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {`${t("aiWidget.you")}: `}
      </Box>
      {/* The question as typed, as text: whatever markup it holds is shown, never run. */}
      <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {text}
      </Typography>
    </Box>
  );
}

interface MessageListProps {
  entries: readonly ChatEntry[];
  streaming: boolean;
  /** What an empty conversation shows. */
  welcome?: ReactNode;
  /** The thumbs of a stored answer; none: no thumbs. */
  feedbackFor?: (message: AiMessage) => { busy: boolean; onPress: (pressed: AiFeedback) => void };
  onNavigate?: () => void;
}

/**
 * The conversation, newest last, kept scrolled to the newest message while the reader is at the
 * bottom. The answer being written is not read out as it grows: a polite live region says it
 * once it is complete (or why it failed).
 */
export function MessageList({ entries, streaming, welcome, feedbackFor, onNavigate }: MessageListProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const [announcement, setAnnouncement] = useState("");
  const wasStreaming = useRef(streaming);

  const firstKey = useRef<string | undefined>(undefined);

  useLayoutEffect(() => {
    const element = scroller.current;
    // A question just sent, or another conversation opened, brings the reader down to the newest message.
    if (entries.at(-1)?.kind === "pending" || entries[0]?.key !== firstKey.current) pinned.current = true;
    firstKey.current = entries[0]?.key;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  }, [entries]);

  useEffect(() => {
    if (streaming && !wasStreaming.current) setAnnouncement(t("aiWidget.thinking"));
    if (!streaming && wasStreaming.current) setAnnouncement(announcementOf(entries, t));
    wasStreaming.current = streaming;
  }, [streaming, entries, t]);

  return (
    <Box
      ref={scroller}
      onScroll={(event) => {
        const element = event.currentTarget;
        pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
      }}
      sx={{ flex: 1, minHeight: 0, overflowY: "auto", px: 2, py: 1.5 }}
    >
      <Stack spacing={1.5} role="region" aria-label={t("aiWidget.conversation")}>
        {entries.length === 0 ? welcome : null}
        {entries.map((entry) => (
          <EntryView key={entry.key} entry={entry} feedbackFor={feedbackFor} onNavigate={onNavigate} />
        ))}
      </Stack>
      <Box role="status" aria-live="polite" sx={VISUALLY_HIDDEN}>
        {announcement}
      </Box>
    </Box>
  );
}

/** One entry of the conversation: a question, an answer (being written or stored), or why no answer came. */
function EntryView({ entry, feedbackFor, onNavigate }: { entry: ChatEntry } & Pick<MessageListProps, "feedbackFor" | "onNavigate">) {
  const { t } = useTranslation();
  if (entry.kind === "pending") return <QuestionBubble text={entry.text} />;
  if (entry.kind === "failure") return <Alert severity="error">{failureText(t, entry.code)}</Alert>;
  if (entry.kind === "live")
    return (
      <AnswerBox label={t("aiWidget.assistant")} busy={!entry.stopped}>
        <AnswerView
          content={entry.content}
          mode={entry.mode}
          notice={null}
          sources={entry.sources}
          streaming={!entry.stopped}
          stopped={entry.stopped}
          onNavigate={onNavigate}
        />
      </AnswerBox>
    );
  const message = entry.message;
  if (message.role === "user") return <QuestionBubble text={message.content} />;
  const thumbs = feedbackFor?.(message);
  return (
    <AnswerBox label={t("aiWidget.assistant")}>
      <AnswerView
        content={message.content}
        mode={message.mode}
        notice={message.notice}
        sources={message.sources}
        feedback={thumbs ? { value: message.feedback, ...thumbs } : undefined}
        onNavigate={onNavigate}
      />
    </AnswerBox>
  );
}

function AnswerBox({ label, busy = false, children }: { label: string; busy?: boolean; children: ReactNode }) {
  return (
    <Box aria-busy={busy || undefined} sx={{ alignSelf: "flex-start", maxWidth: "100%", px: 1.5, py: 1, borderRadius: 2, bgcolor: "action.hover" }}>
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {`${label}:`}
      </Box>
      {children}
    </Box>
  );
}
