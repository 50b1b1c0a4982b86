import type { CmsPageDetail } from "@clinic/shared";
import ArrowDropDown from "@mui/icons-material/ArrowDropDown";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlined";
import ErrorOutline from "@mui/icons-material/ErrorOutlineOutlined";
import EditNoteOutlined from "@mui/icons-material/EditNoteOutlined";
import HistoryOutlined from "@mui/icons-material/HistoryOutlined";
import SyncOutlined from "@mui/icons-material/SyncOutlined";
import VisibilityOutlined from "@mui/icons-material/VisibilityOutlined";
import { Button, CircularProgress, Menu, MenuItem, Stack, Typography } from "@mui/material";
import { type ReactElement, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SaveState } from "./page-form.ts";
import { PageStateChip } from "./PageStateChip.tsx";

const STATE_ICONS: Record<SaveState, ReactElement> = {
  saved: <CheckCircleOutline fontSize="small" color="success" />,
  saving: <SyncOutlined fontSize="small" />,
  unsaved: <EditNoteOutlined fontSize="small" />,
  invalid: <ErrorOutline fontSize="small" color="warning" />,
  failed: <ErrorOutline fontSize="small" color="error" />,
};

/** The navbar's status: where the draft stands with the server (words and an icon), and the page's state. */
export function EditorStatus({ state, page }: { state: SaveState; page: CmsPageDetail }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
        {STATE_ICONS[state]}
        <Typography variant="body2">{t(`cmsPages.saveState.${state}`)}</Typography>
      </Stack>
      <PageStateChip page={page} />
    </Stack>
  );
}

export interface EditorActionHandlers {
  onSave: () => void;
  onPreview: () => void;
  onPublishNow: () => void;
  onSchedule: () => void;
  onUnpublish: () => void;
  onVersions: () => void;
}

/** The navbar's actions: Save, Preview, Publish (now or scheduled), Unpublish while the page is public or scheduled, and Versions. */
export function EditorActions({ page, busy, ...handlers }: EditorActionHandlers & { page: CmsPageDetail; busy: boolean }) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <Button variant="outlined" onClick={handlers.onSave} disabled={busy} startIcon={busy ? <CircularProgress size={16} aria-hidden /> : undefined}>
        {t("cmsPages.actions.save")}
      </Button>
      <Button onClick={handlers.onPreview} disabled={busy} startIcon={<VisibilityOutlined />}>
        {t("cmsPages.actions.preview")}
      </Button>
      <Button onClick={handlers.onVersions} startIcon={<HistoryOutlined />}>
        {t("cmsPages.actions.versions")}
      </Button>
      {page.state !== "draft" ? (
        <Button color="warning" onClick={handlers.onUnpublish} disabled={busy}>
          {t("cmsPages.actions.unpublish")}
        </Button>
      ) : null}
      <Button
        variant="contained"
        disabled={busy}
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t("cmsPages.actions.publish")}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={choose(handlers.onPublishNow)}>{t("cmsPages.actions.publishNow")}</MenuItem>
        <MenuItem onClick={choose(handlers.onSchedule)}>{t("cmsPages.actions.schedule")}</MenuItem>
      </Menu>
    </>
  );
}
