import { AI_LIMITS } from "@clinic/shared";
import Send from "@mui/icons-material/Send";
import StopCircleOutlined from "@mui/icons-material/StopCircleOutlined";
import { Box, IconButton, Stack, TextField, Tooltip } from "@mui/material";
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import { aiMessageText } from "./api.ts";

/** Enter sends; Shift+Enter makes a new line, and so does Enter while an input method is composing a word. */
export const sendsOnEnter = (event: { key: string; shiftKey: boolean; nativeEvent?: { isComposing?: boolean } }) =>
  event.key === "Enter" && !event.shiftKey && event.nativeEvent?.isComposing !== true;

/** The counter shows from this length on: most questions are far shorter. */
export const COUNTER_FROM = Math.floor(AI_LIMITS.question * 0.8);

/** A question that may be sent: some text, within the limit. */
export const sendable = (text: string) => text.trim() !== "" && text.length <= AI_LIMITS.question;

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  streaming: boolean;
  inputRef?: Ref<HTMLTextAreaElement>;
}

/**
 * Where the question is written. Send is off while it is empty or too long (the counter, from
 * COUNTER_FROM characters on, says how long); while an answer is written, Stop replaces it.
 */
export function Composer({ value, onChange, onSend, onStop, streaming, inputRef }: ComposerProps) {
  const { t } = useTranslation();
  const over = value.length > AI_LIMITS.question;
  const count = value.length >= COUNTER_FROM ? t("aiWidget.composer.count", { count: value.length, max: AI_LIMITS.question }) : null;
  const help = over ? aiMessageText(t, "questionTooLong") : t("aiWidget.composer.hint");
  const canSend = !streaming && sendable(value);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: "flex-start", p: 1.5, borderTop: 1, borderColor: "divider" }}>
      <TextField
        fullWidth
        multiline
        maxRows={6}
        size="small"
        label={t("aiWidget.composer.label")}
        placeholder={t("aiWidget.composer.placeholder")}
        value={value}
        error={over}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (!sendsOnEnter(event)) return;
          event.preventDefault();
          if (canSend) onSend();
        }}
        helperText={
          <Box component="span" sx={{ display: "flex", justifyContent: "space-between", gap: 1 }}>
            <span>{help}</span>
            {count ? <span>{count}</span> : null}
          </Box>
        }
        inputRef={inputRef}
      />
      <Box sx={{ pt: 0.25 }}>
        {streaming ? (
          <Tooltip title={t("aiWidget.composer.stop")}>
            <IconButton color="primary" aria-label={t("aiWidget.composer.stop")} onClick={onStop}>
              <StopCircleOutlined />
            </IconButton>
          </Tooltip>
        ) : (
          <IconButton color="primary" aria-label={t("aiWidget.composer.send")} onClick={onSend} disabled={!canSend}>
            <Send />
          </IconButton>
        )}
      </Box>
    </Stack>
  );
}
