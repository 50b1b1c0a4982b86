import { CMS_API } from "@clinic/shared";
import CloseIcon from "@mui/icons-material/Close";
import { AppBar, Box, Dialog, IconButton, Toolbar, Tooltip, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";

/**
 * The draft as the public will see it: the server's preview, rendered by the public site's own
 * code, in a frame filling the screen. The frame is made anew for each version saved, so it
 * never keeps showing an earlier draft.
 */
export function PreviewDialog({
  open,
  pageId,
  version,
  title,
  onClose,
}: {
  open: boolean;
  pageId: number;
  version: number;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const close = t("cmsPages.preview.close");
  return (
    <Dialog open={open} onClose={onClose} fullScreen aria-labelledby={titleId}>
      <AppBar position="static" color="default" elevation={1}>
        <Toolbar sx={{ gap: 1 }}>
          <Typography id={titleId} variant="h6" component="h2" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
            {t("cmsPages.preview.title", { title })}
          </Typography>
          <Tooltip title={close}>
            <IconButton edge="end" onClick={onClose} aria-label={close}>
              <CloseIcon />
            </IconButton>
          </Tooltip>
        </Toolbar>
      </AppBar>
      <Box
        key={version}
        component="iframe"
        src={CMS_API.preview(pageId)}
        title={t("cmsPages.preview.frame", { title })}
        sx={{ border: 0, width: "100%", flex: "1 1 auto", bgcolor: "background.paper" }}
      />
    </Dialog>
  );
}
