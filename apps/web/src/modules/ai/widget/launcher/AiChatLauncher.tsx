import type { SessionState } from "@clinic/shared";
import SmartToyOutlined from "@mui/icons-material/SmartToyOutlined";
import { Fab } from "@mui/material";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { reloadAfterChunkError } from "../../../../lib/chunk-reload.ts";
import { useNotices } from "../../../../lib/notices.tsx";
import type { AiChatPanel } from "../AiChatPanel.tsx";

/** The assistant is for every signed-in user, patients and staff alike, while the module is on. */
export const aiWidgetOn = (session: SessionState | null): boolean => session !== null && session.flags.widget_chat_ai === true;

type Panel = typeof AiChatPanel;

/**
 * The assistant's button, bottom right of the shell. The shell carries only this button and its
 * two texts: the panel, with react-markdown and the widget's texts, is a chunk of its own, asked
 * for when the pointer or the focus reaches the button and shown once it is in.
 */
export function AiChatLauncher({ session }: { session: SessionState }) {
  if (!aiWidgetOn(session)) return null;
  return <Launcher session={session} />;
}

function Launcher({ session }: { session: SessionState }) {
  const { t } = useTranslation();
  const notices = useNotices();
  const [panel, setPanel] = useState<{ Panel: Panel } | null>(null);
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, not on a mere hover: it asks for the user's conversations.
  const [opened, setOpened] = useState(false);
  const fab = useRef<HTMLButtonElement>(null);
  const loading = useRef<Promise<void> | null>(null);
  const wasOpen = useRef(false);

  const load = () => {
    loading.current ??= import("../AiChatPanel.tsx")
      .then((module) => setPanel({ Panel: module.AiChatPanel }))
      .catch((failure: unknown) => {
        loading.current = null;
        setOpen(false);
        if (!reloadAfterChunkError(failure)) notices.failure(t("aiLauncher.unavailable"));
      });
    return loading.current;
  };

  // Closing gives the focus back to the button (beside the page no modal does it).
  useEffect(() => {
    if (wasOpen.current && !open) fab.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <>
      <Fab
        ref={fab}
        color="primary"
        aria-label={t("aiLauncher.open")}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void load()}
        onFocus={() => void load()}
        onClick={() => {
          if (open) setOpen(false);
          else {
            setOpen(true);
            setOpened(true);
            void load();
          }
        }}
        sx={{ position: "fixed", right: { xs: 16, sm: 24 }, bottom: { xs: 16, sm: 24 }, displayPrint: "none" }}
      >
        <SmartToyOutlined />
      </Fab>
      {panel && opened ? <panel.Panel session={session} open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
