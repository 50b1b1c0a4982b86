import type { ChatAttachment, ChatMessage } from "@clinic/shared";
import AccessTime from "@mui/icons-material/AccessTime";
import Done from "@mui/icons-material/Done";
import DoneAll from "@mui/icons-material/DoneAll";
import ErrorOutline from "@mui/icons-material/ErrorOutlineOutlined";
import PictureAsPdfOutlined from "@mui/icons-material/PictureAsPdfOutlined";
import { Box, Link, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { bubbleTime } from "../format.ts";

/** The delivery ticks of our own message: clock, one tick, two, two blue, or red with the reason. */
function Ticks({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const label = t(`chat.status.${message.status}`);
  const small = { fontSize: 16 };
  switch (message.status) {
    case "queued":
    case "sending":
      return <AccessTime sx={small} titleAccess={label} />;
    case "sent":
      return <Done sx={small} titleAccess={label} />;
    case "delivered":
      return <DoneAll sx={small} titleAccess={label} />;
    case "read":
      return <DoneAll sx={{ ...small, color: "info.main" }} titleAccess={label} />;
    case "failed":
      return <ErrorOutline sx={{ ...small, color: "error.main" }} titleAccess={label} />;
  }
}

function Attachment({ attachment, kind }: { attachment: ChatAttachment; kind: ChatMessage["kind"] }) {
  const { t } = useTranslation();
  if (kind === "image" || attachment.mime.startsWith("image/")) {
    return (
      <Link href={attachment.url} target="_blank" rel="noopener" sx={{ display: "block" }}>
        <Box
          component="img"
          src={attachment.url}
          alt={attachment.name || t("chat.history.image")}
          loading="lazy"
          sx={{ display: "block", maxWidth: "100%", width: 240, maxHeight: 240, objectFit: "cover", borderRadius: 1 }}
        />
      </Link>
    );
  }
  if (kind === "audio" || attachment.mime.startsWith("audio/")) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: voice notes come from people, with no captions to give.
      <audio controls src={attachment.url} aria-label={attachment.name || t("chat.history.audio")} style={{ maxWidth: "100%" }} />
    );
  }
  return (
    <Link href={attachment.url} target="_blank" rel="noopener" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
      <PictureAsPdfOutlined fontSize="small" aria-hidden />
      {attachment.name || t("chat.history.document")}
    </Link>
  );
}

/**
 * One message of the history: theirs on the left, ours on the right with its ticks, an agents'
 * note in yellow across, labelled as never sent. `ours`: the reader's side wrote it (agents: out
 * and notes; the patient: in).
 */
export function MessageBubble({ message, ours, showAuthor }: { message: ChatMessage; ours: boolean; showAuthor: boolean }) {
  const { t } = useTranslation();
  const note = message.direction === "note";
  const failed = message.status === "failed";
  return (
    <Box
      component="li"
      sx={{ display: "flex", justifyContent: note ? "center" : ours ? "flex-end" : "flex-start", listStyle: "none" }}
      data-direction={message.direction}
    >
      <Box
        sx={{
          maxWidth: { xs: "88%", sm: "72%" },
          px: 1.5,
          py: 1,
          borderRadius: 2,
          border: 1,
          borderColor: note ? "warning.light" : failed ? "error.main" : "divider",
          // The note's yellow with dark text keeps WCAG AA contrast in the light and dark themes alike.
          bgcolor: note ? "#fff8c5" : ours ? "action.selected" : "background.paper",
          color: note ? "#3d3300" : "text.primary",
        }}
      >
        {note ? (
          <Typography variant="caption" component="p" sx={{ fontWeight: 700 }}>
            {t("chat.history.noteLabel")}
          </Typography>
        ) : null}
        {showAuthor && message.author ? (
          <Typography variant="caption" component="p" color={note ? "inherit" : "text.secondary"} sx={{ fontWeight: 600 }}>
            {message.author.name}
          </Typography>
        ) : null}
        {message.attachment ? <Attachment attachment={message.attachment} kind={message.kind} /> : null}
        {message.template ? (
          <Typography variant="caption" component="p" color="text.secondary">
            {t("chat.history.template", { name: message.template.name })}
          </Typography>
        ) : null}
        {message.body ? (
          <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {message.body}
          </Typography>
        ) : null}
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: "flex-end", alignItems: "center", mt: 0.25, color: note ? "inherit" : "text.secondary" }}>
          <Typography variant="caption" component="span">
            <time dateTime={message.createdAt}>{bubbleTime(message.createdAt)}</time>
          </Typography>
          {ours && !note ? <Ticks message={message} /> : null}
        </Stack>
        {failed ? (
          <Typography variant="caption" component="p" color="error" role="note">
            {t("chat.history.failed", { reason: message.failureReason || t("chat.history.noReason") })}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
