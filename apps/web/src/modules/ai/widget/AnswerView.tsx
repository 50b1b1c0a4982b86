import type { AiAnswerMode, AiFeedback, AiSource } from "@clinic/shared";
import ThumbDownOutlined from "@mui/icons-material/ThumbDownOutlined";
import ThumbUpOutlined from "@mui/icons-material/ThumbUpOutlined";
import { Alert, Box, CircularProgress, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { aiMessageText } from "./api.ts";
import { AnswerMarkdown } from "./AnswerMarkdown.tsx";
import { SourceList } from "./SourceList.tsx";

export interface AnswerFeedback {
  value: AiFeedback | null;
  busy: boolean;
  onPress: (pressed: AiFeedback) => void;
}

interface AnswerViewProps {
  content: string;
  mode: AiAnswerMode | null;
  /** A key of AI_MESSAGES: why it failed, or that it was cut. */
  notice: string | null;
  sources: readonly AiSource[];
  /** Still being written. */
  streaming?: boolean;
  /** Stopped by the user, or the stream broke off. */
  stopped?: boolean;
  /** The thumbs, for a stored answer. */
  feedback?: AnswerFeedback;
  onNavigate?: () => void;
}

/** Thumbs up and down: each a toggle (aria-pressed); pressing the one already pressed takes it back. */
function FeedbackButtons({ value, busy, onPress }: AnswerFeedback) {
  const { t } = useTranslation();
  const thumbs = [
    { key: "up" as const, label: t("aiWidget.feedback.up"), Icon: ThumbUpOutlined, color: "success" as const },
    { key: "down" as const, label: t("aiWidget.feedback.down"), Icon: ThumbDownOutlined, color: "error" as const },
  ];
  return (
    <Stack direction="row" role="group" aria-label={t("aiWidget.feedback.group")} sx={{ mt: 0.5 }}>
      {thumbs.map(({ key, label, Icon, color }) => (
        <Tooltip key={key} title={label}>
          <span>
            <IconButton
              size="small"
              aria-label={label}
              aria-pressed={value === key}
              color={value === key ? color : "default"}
              disabled={busy}
              onClick={() => onPress(key)}
            >
              <Icon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ))}
    </Stack>
  );
}

/**
 * One answer of the assistant: its Markdown (emergency answers in an error-coloured alert; a
 * retrieval-only answer says itself, in the user's language, that no model is configured), its
 * failure or cut under it, its sources and the thumbs.
 */
export function AnswerView({ content, mode, notice, sources, streaming = false, stopped = false, feedback, onNavigate }: AnswerViewProps) {
  const { t } = useTranslation();
  const text = content === "" ? null : <AnswerMarkdown text={content} onNavigate={onNavigate} />;
  // The notices the answer's mode already says are not said twice.
  const ownNotice =
    notice !== null && mode !== "failed" && !(mode === "retrieval" && notice === "noModel") && !(mode === "emergency" && notice === "emergency");
  return (
    <Box>
      {mode === "emergency" ? <Alert severity="error">{text ?? aiMessageText(t, "emergency")}</Alert> : text}
      {streaming && content === "" ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", color: "text.secondary" }}>
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2">{t("aiWidget.thinking")}</Typography>
        </Stack>
      ) : null}
      {mode === "failed" ? (
        <Alert severity="error" sx={{ mt: text ? 1 : 0 }}>
          {aiMessageText(t, notice)}
        </Alert>
      ) : null}
      {ownNotice ? (
        <Alert severity={notice === "truncated" ? "warning" : "info"} sx={{ mt: 1, py: 0, typography: "caption" }}>
          {aiMessageText(t, notice)}
        </Alert>
      ) : null}
      {stopped ? (
        <Typography variant="caption" sx={{ color: "text.secondary" }}>
          {t("aiWidget.stopped")}
        </Typography>
      ) : null}
      <SourceList sources={sources} onNavigate={onNavigate} />
      {feedback && !streaming && mode !== "failed" ? <FeedbackButtons {...feedback} /> : null}
    </Box>
  );
}
