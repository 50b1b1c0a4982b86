import type { CannedReply } from "@clinic/shared";
import ShortTextOutlined from "@mui/icons-material/ShortTextOutlined";
import { IconButton, List, ListItemButton, ListItemText, Menu, MenuItem, Paper, Tooltip } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";

/** The replies whose shortcut starts with what follows the "/" typed (all of them for a bare "/"). */
export const matchingReplies = (replies: readonly CannedReply[], typed: string): CannedReply[] =>
  replies.filter((reply) => reply.shortcut.toLowerCase().startsWith(typed));

/** The canned replies' button: a menu of every reply by shortcut; picking one puts its text in the composer. */
export function CannedRepliesButton({
  replies,
  onPick,
  disabled,
}: {
  replies: readonly CannedReply[];
  onPick: (reply: CannedReply) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Tooltip title={t("chat.composer.canned")}>
        <span>
          <IconButton
            aria-label={t("chat.composer.canned")}
            aria-haspopup="menu"
            aria-controls={anchor ? menuId : undefined}
            aria-expanded={anchor ? "true" : undefined}
            onClick={(event) => setAnchor(event.currentTarget)}
            disabled={disabled}
          >
            <ShortTextOutlined />
          </IconButton>
        </span>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {replies.length === 0 ? <MenuItem disabled>{t("chat.composer.noCanned")}</MenuItem> : null}
        {replies.map((reply) => (
          <MenuItem
            key={reply.id}
            onClick={() => {
              setAnchor(null);
              onPick(reply);
            }}
            sx={{ maxWidth: 360, whiteSpace: "normal" }}
          >
            <ListItemText primary={`/${reply.shortcut}`} secondary={reply.body} slotProps={{ secondary: { noWrap: true } }} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The replies matching the "/shortcut" being typed, above the composer; Enter takes the first. */
export function CannedSuggestions({ replies, onPick }: { replies: readonly CannedReply[]; onPick: (reply: CannedReply) => void }) {
  const { t } = useTranslation();
  if (replies.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ maxHeight: 200, overflowY: "auto" }}>
      <List dense disablePadding aria-label={t("chat.composer.cannedMatches")}>
        {replies.map((reply) => (
          <ListItemButton key={reply.id} onClick={() => onPick(reply)}>
            <ListItemText primary={`/${reply.shortcut}`} secondary={reply.body} slotProps={{ secondary: { noWrap: true } }} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
