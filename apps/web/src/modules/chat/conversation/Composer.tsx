import type { CannedReply } from "@clinic/shared";
import AttachFile from "@mui/icons-material/AttachFile";
import Send from "@mui/icons-material/Send";
import { Alert, Box, Button, IconButton, Stack, TextField, ToggleButton, ToggleButtonGroup, Tooltip } from "@mui/material";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAction } from "../../../lib/resource.ts";
import { sendAttachment, sendNote, sendText } from "../api.ts";
import { ATTACHMENT_ACCEPT, sendsOnEnter, shortcutTyped } from "../format.ts";
import { CHAT_KEY } from "../keys.ts";
import { CannedRepliesButton, CannedSuggestions, matchingReplies } from "./CannedReplies.tsx";

export type ComposerMode = "reply" | "note";

/** What only agents have: notes, canned replies, and WhatsApp's closed window with its templates. */
export interface AgentTools {
  canned: readonly CannedReply[];
  /** WhatsApp's 24-hour window has closed: free text is refused, a template offered instead. */
  windowClosed: boolean;
  onTemplate: () => void;
}

interface ComposerProps {
  /** The conversation to write to; a patient's first message opens theirs first (get-or-create). */
  target: () => Promise<number>;
  agent?: AgentTools;
  /** Called as the writer types (the typing signal, throttled by its owner). */
  onTyping?: () => void;
}

/**
 * The message composer: Enter sends, Shift+Enter makes a new line; agents switch between a reply
 * and an internal note, insert canned replies (the menu, or "/" and the shortcut), and, once a
 * WhatsApp conversation's window has closed, are offered a template instead. A file (image, PDF,
 * audio) goes with the text as its caption.
 */
export function Composer({ target, agent, onTyping }: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [mode, setMode] = useState<ComposerMode>("reply");
  const fileInput = useRef<HTMLInputElement>(null);
  const done = { invalidate: [[CHAT_KEY]], onSuccess: () => setText("") };
  const send = useAction(async ({ body, as }: { body: string; as: ComposerMode }) => {
    const id = await target();
    return as === "note" ? sendNote(id, body) : sendText(id, body);
  }, done);
  const attach = useAction(async ({ file, caption }: { file: File; caption: string }) => sendAttachment(await target(), file, caption), done);
  const busy = send.isPending || attach.isPending;
  const typed = agent ? shortcutTyped(text) : null;
  const suggestions = agent && typed !== null ? matchingReplies(agent.canned, typed) : [];
  const note = mode === "note";
  const closed = !note && agent?.windowClosed === true;
  const pick = (reply: CannedReply) => setText(reply.body);
  const submit = () => {
    const body = text.trim();
    if (body === "" || busy) return;
    send.mutate({ body, as: mode });
  };
  const label = note ? t("chat.composer.noteLabel") : t("chat.composer.label");
  return (
    <Stack spacing={1} sx={{ p: { xs: 1, sm: 1.5 }, borderTop: 1, borderColor: "divider" }}>
      {agent ? (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode}
          onChange={(_, value: ComposerMode | null) => value && setMode(value)}
          aria-label={t("chat.composer.mode")}
        >
          <ToggleButton value="reply">{t("chat.composer.reply")}</ToggleButton>
          <ToggleButton value="note">{t("chat.composer.note")}</ToggleButton>
        </ToggleButtonGroup>
      ) : null}
      {closed ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={agent?.onTemplate}>
              {t("chat.composer.sendTemplate")}
            </Button>
          }
        >
          {t("chat.composer.windowClosed")}
        </Alert>
      ) : (
        <>
          <CannedSuggestions replies={suggestions} onPick={pick} />
          <Stack direction="row" spacing={0.5} sx={{ alignItems: "flex-end" }}>
            {note ? null : (
              <>
                <input
                  ref={fileInput}
                  type="file"
                  accept={ATTACHMENT_ACCEPT}
                  // Hidden: the labelled button beside it opens it.
                  hidden
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = "";
                    if (file) attach.mutate({ file, caption: text.trim() });
                  }}
                />
                <Tooltip title={t("chat.composer.attach")}>
                  <span>
                    <IconButton aria-label={t("chat.composer.attach")} onClick={() => fileInput.current?.click()} disabled={busy}>
                      <AttachFile />
                    </IconButton>
                  </span>
                </Tooltip>
              </>
            )}
            {agent ? <CannedRepliesButton replies={agent.canned} onPick={pick} disabled={busy} /> : null}
            <TextField
              fullWidth
              multiline
              maxRows={6}
              size="small"
              label={label}
              placeholder={agent && !note ? t("chat.composer.cannedHint") : undefined}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                if (!note) onTyping?.();
              }}
              onKeyDown={(event) => {
                if (!sendsOnEnter(event)) return;
                event.preventDefault();
                const first = suggestions[0];
                if (first) pick(first);
                else submit();
              }}
              slotProps={{ htmlInput: { maxLength: 4096 } }}
              sx={note ? { "& .MuiInputBase-root": { bgcolor: "#fff8c5", color: "#3d3300" } } : undefined}
            />
            <Box>
              <IconButton
                color="primary"
                aria-label={note ? t("chat.composer.addNote") : t("chat.composer.send")}
                onClick={submit}
                disabled={busy || text.trim() === ""}
              >
                <Send />
              </IconButton>
            </Box>
          </Stack>
        </>
      )}
    </Stack>
  );
}
