import type { AiConversationSummary } from "@clinic/shared";
import AddCommentOutlined from "@mui/icons-material/AddCommentOutlined";
import Close from "@mui/icons-material/Close";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import HistoryOutlined from "@mui/icons-material/HistoryOutlined";
import { Box, Divider, IconButton, ListItemText, Menu, MenuItem, Tooltip, Typography } from "@mui/material";
import { type MouseEvent, type ReactElement, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/dates.ts";

interface PanelHeaderProps {
  titleId: string;
  conversations: readonly AiConversationSummary[] | undefined;
  /** The list could not be loaded. */
  listFailed: boolean;
  currentId: number | null;
  /** An answer is being written: the conversation on screen stays until it ends. */
  busy: boolean;
  onNew: () => void;
  onOpen: (id: number) => void;
  onDelete: () => void;
  onDeleteAll: () => void;
  onClose: () => void;
}

function HeaderButton({
  label,
  onClick,
  disabled,
  children,
  ...aria
}: { label: string; onClick: (event: MouseEvent<HTMLElement>) => void; disabled?: boolean; children: ReactElement } & Record<
  `aria-${string}`,
  string | boolean | undefined
>) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} {...aria}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The panel's title and its actions: a new conversation, the user's conversations (to open one, or delete them all), delete this one, close. */
export function PanelHeader({ titleId, conversations, listFailed, currentId, busy, onNew, onOpen, onDelete, onDeleteAll, onClose }: PanelHeaderProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const closeMenu = () => setAnchor(null);
  const rows = conversations ?? [];
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, pl: 2, pr: 0.5, py: 1, borderBottom: 1, borderColor: "divider" }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
          {t("aiWidget.title")}
        </Typography>
        <Typography variant="caption" noWrap component="p" sx={{ color: "text.secondary" }}>
          {t("aiWidget.subtitle")}
        </Typography>
      </Box>
      <HeaderButton label={t("aiWidget.newConversation")} onClick={onNew} disabled={busy || currentId === null}>
        <AddCommentOutlined />
      </HeaderButton>
      <HeaderButton
        label={t("aiWidget.history")}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={busy}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? "true" : undefined}
      >
        <HistoryOutlined />
      </HeaderButton>
      <HeaderButton label={t("aiWidget.deleteConversation")} onClick={onDelete} disabled={busy || currentId === null}>
        <DeleteOutline />
      </HeaderButton>
      <HeaderButton label={t("aiWidget.close")} onClick={onClose}>
        <Close />
      </HeaderButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={closeMenu}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { sx: { maxHeight: 420, width: 320, maxWidth: "calc(100vw - 32px)" } } }}
      >
        {rows.length === 0 ? <MenuItem disabled>{listFailed ? t("aiWidget.historyFailed") : t("aiWidget.historyEmpty")}</MenuItem> : null}
        {rows.map((row) => (
          <MenuItem
            key={row.id}
            selected={row.id === currentId}
            onClick={() => {
              closeMenu();
              onOpen(row.id);
            }}
          >
            <ListItemText primary={row.title} secondary={formatDateTime(row.updatedAt)} slotProps={{ primary: { noWrap: true } }} />
          </MenuItem>
        ))}
        {rows.length > 0 ? <Divider /> : null}
        {rows.length > 0 ? (
          <MenuItem
            sx={{ color: "error.main" }}
            onClick={() => {
              closeMenu();
              onDeleteAll();
            }}
          >
            {t("aiWidget.deleteAll")}
          </MenuItem>
        ) : null}
      </Menu>
    </Box>
  );
}
