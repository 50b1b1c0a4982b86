import ArrowBack from "@mui/icons-material/ArrowBack";
import { Box, IconButton, Toolbar, Tooltip, Typography } from "@mui/material";
import { type ReactNode, useLayoutEffect } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { useEditorNavbarContext } from "../editor-navbar.tsx";

export interface EditorNavbarProps {
  /** The page's heading (the bar's h1: the shell's title gives way to it). */
  title: string;
  /** Where the work stands (saved, saving, draft, published...), announced politely as it changes. */
  status?: ReactNode;
  actions: ReactNode;
  /** Where the back link leads (the list the editor was opened from). */
  backTo: string;
}

/** The bar itself: back link, title, status, actions. */
export function EditorNavbarBar({ title, status, actions, backTo }: EditorNavbarProps) {
  const { t } = useTranslation();
  const back = t("editorShell.back");
  return (
    <Toolbar component="div" role="toolbar" aria-label={t("editorShell.toolbar")} sx={{ gap: 1, flexWrap: "wrap", py: 0.5 }}>
      <Tooltip title={back}>
        <IconButton component={RouterLink} to={backTo} edge="start" aria-label={back}>
          <ArrowBack />
        </IconButton>
      </Tooltip>
      <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1, minWidth: 0, fontSize: { xs: "1.05rem", sm: "1.25rem" } }}>
        {title}
      </Typography>
      {status ? (
        <Box role="status" aria-live="polite" sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          {status}
        </Box>
      ) : null}
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>{actions}</Box>
    </Toolbar>
  );
}

/**
 * A page editor's navbar (spec §2). Inside the shell it replaces the top bar, and the side menu
 * gives way to the admin page drawer while it is mounted; outside a shell (a test, a pop-up
 * window) it is drawn where the page puts it.
 */
export function EditorNavbar(props: EditorNavbarProps) {
  const host = useEditorNavbarContext();
  const register = host?.register;
  // Before paint, so the top bar and side menu never flash in between.
  useLayoutEffect(() => register?.(), [register]);
  if (!host) {
    return (
      <Box component="header" sx={{ borderBottom: 1, borderColor: "divider", mb: 2 }}>
        <EditorNavbarBar {...props} />
      </Box>
    );
  }
  return host.slot ? createPortal(<EditorNavbarBar {...props} />, host.slot) : null;
}
