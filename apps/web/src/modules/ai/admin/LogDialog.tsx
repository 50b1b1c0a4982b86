import type { AiFeedback, AiLogConversation, AiMessage } from "@clinic/shared";
import ThumbDownOutlined from "@mui/icons-material/ThumbDownOutlined";
import ThumbUpOutlined from "@mui/icons-material/ThumbUpOutlined";
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Paper, Stack, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Loading } from "../../../lib/components/Loading.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { AnswerView } from "../widget/AnswerView.tsx";
import { useLogConversation } from "./api.ts";

/** A user's rating of an answer, in words and with its thumb; nothing when unrated. */
export function FeedbackChip({ feedback }: { feedback: AiFeedback | null }) {
  const { t } = useTranslation();
  if (feedback === null) return null;
  const up = feedback === "up";
  return (
    <Chip
      size="small"
      variant="outlined"
      color={up ? "success" : "error"}
      icon={up ? <ThumbUpOutlined /> : <ThumbDownOutlined />}
      label={up ? t("aiAdmin.logs.ratedUp") : t("aiAdmin.logs.ratedDown")}
    />
  );
}

/** One message of a logged conversation: the question as written, the answer as the user saw it (safe Markdown, its sources) with their rating. */
function LoggedMessage({ message }: { message: AiMessage }) {
  const { t } = useTranslation();
  const question = message.role === "user";
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, listStyle: "none", bgcolor: question ? "action.hover" : "background.paper" }}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between", alignItems: "center", mb: 0.5, flexWrap: "wrap" }} useFlexGap>
        <Typography variant="caption" sx={{ fontWeight: 700 }}>
          {question ? t("aiAdmin.logs.question") : t(`aiAdmin.logs.modes.${message.mode ?? "model"}`)}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <FeedbackChip feedback={message.feedback} />
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(message.createdAt)}
          </Typography>
        </Stack>
      </Stack>
      {question ? (
        <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {message.content}
        </Typography>
      ) : (
        <AnswerView content={message.content} mode={message.mode} notice={message.notice} sources={message.sources} />
      )}
    </Paper>
  );
}

/** A logged conversation in full. */
export function LogConversationView({ log }: { log: AiLogConversation }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="body2">{t("aiAdmin.logs.by", { name: log.userName, when: formatDateTime(log.updatedAt) })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t("aiAdmin.logs.counts", { questions: log.questions, up: log.up, down: log.down })}
        </Typography>
      </Box>
      <Stack component="ol" spacing={1.5} sx={{ m: 0, p: 0 }} aria-label={t("aiAdmin.logs.messages")}>
        {log.messages.map((message) => (
          <LoggedMessage key={message.id} message={message} />
        ))}
      </Stack>
    </Stack>
  );
}

/** Opens the conversation `id` of the logs (GET /api/ai/logs/:id: the read is audited, as it is a user's data). */
export function LogDialog({ id, title, onClose }: { id: number | null; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { data, network } = useLogConversation(id);
  const shown = data && data.id === id ? data : null;
  return (
    <Dialog open={id !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="paper">
      <DialogTitle id={titleId}>{shown?.title ?? title}</DialogTitle>
      <DialogContent dividers>
        {shown ? <LogConversationView log={shown} /> : network.error ? <Alert severity="error">{t("aiAdmin.loadFailed")}</Alert> : <Loading />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("aiAdmin.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
