import type { Notification, Paged } from "@clinic/shared";
import NotificationsIcon from "@mui/icons-material/Notifications";
import { Badge, Box, Button, Divider, IconButton, List, ListItemButton, ListItemText, Popover, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { formatDateTime } from "../../lib/dates.ts";
import { useAction, useResource } from "../../lib/resource.ts";
import { markAllRead, markRead, NOTIFICATIONS_KEY, NOTIFICATIONS_PATH, NOTIFICATIONS_SCREEN, UNREAD_KEY } from "./api.ts";
import { useUnreadCount } from "./useRealtime.ts";
import { VISUALLY_HIDDEN } from "../../lib/visually-hidden.ts";

const LATEST = 5;
/** Read by screen readers only: bold type says "unread" to the eye. */

/**
 * The top bar's bell: the unread count, live; opens the latest notifications with "mark all read"
 * and a way to the full list. `connected`: the top bar's realtime socket is up (useRealtimeNotifications,
 * one socket for the bell and the chat); while it is down the count is polled.
 */
export function NotificationBell({ connected = false }: { connected?: boolean }) {
  const unread = useUnreadCount(connected);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <BellButton unread={unread} open={!!anchor} onOpen={setAnchor} />
      {anchor ? <LatestPopover anchor={anchor} unread={unread} onClose={() => setAnchor(null)} /> : null}
    </>
  );
}

/** The button alone, named with its count ("Notifications, 3 unread"). */
export function BellButton({ unread, open, onOpen }: { unread: number; open: boolean; onOpen: (anchor: HTMLElement) => void }) {
  const { t } = useTranslation();
  return (
    <IconButton
      onClick={(event) => onOpen(event.currentTarget)}
      aria-label={t("notifications.bell", { count: unread })}
      aria-haspopup="dialog"
      aria-expanded={open ? "true" : undefined}
    >
      <Badge badgeContent={unread} color="error" max={99}>
        <NotificationsIcon />
      </Badge>
    </IconButton>
  );
}

function LatestPopover({ anchor, unread, onClose }: { anchor: HTMLElement; unread: number; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const path = `${NOTIFICATIONS_PATH}?page=1&rowsPerPage=${LATEST}`;
  const { data } = useResource<Paged<Notification>>([NOTIFICATIONS_KEY, "latest"], path, { quiet: true });
  const invalidate = [[NOTIFICATIONS_KEY], [...UNREAD_KEY]];
  const readAll = useAction(markAllRead, { invalidate });
  const readOne = useAction(markRead, { invalidate });
  const open = (item: Notification) => {
    if (!item.readAt) readOne.mutate(item.id);
    onClose();
    if (item.link) navigate(item.link);
  };
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      transformOrigin={{ vertical: "top", horizontal: "right" }}
      slotProps={{ paper: { role: "dialog", "aria-labelledby": titleId, sx: { width: { xs: "calc(100vw - 32px)", sm: 380 } } } }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, py: 1 }}>
        <Typography id={titleId} variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
          {t("notifications.title")}
        </Typography>
        <Button size="small" disabled={unread === 0 || readAll.isPending} onClick={() => readAll.mutate(undefined)}>
          {t("notifications.markAllRead")}
        </Button>
      </Box>
      <Divider />
      {data && data.data.length === 0 ? (
        <Typography sx={{ px: 2, py: 3 }} color="text.secondary">
          {t("notifications.empty")}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t("notifications.latest")}>
          {(data?.data ?? []).map((item) => (
            <ListItemButton key={item.id} onClick={() => open(item)} sx={{ alignItems: "flex-start" }}>
              <ListItemText
                primary={
                  <>
                    {item.readAt ? null : (
                      <Box component="span" sx={VISUALLY_HIDDEN}>
                        {t("notifications.unreadMark")}{" "}
                      </Box>
                    )}
                    {item.subject}
                  </>
                }
                secondary={`${item.message} · ${formatDateTime(item.createdAt)}`}
                slotProps={{ primary: { sx: { fontWeight: item.readAt ? 400 : 700 } } }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
      <Divider />
      <Box sx={{ px: 2, py: 1 }}>
        <Button
          size="small"
          onClick={() => {
            onClose();
            navigate(NOTIFICATIONS_SCREEN);
          }}
        >
          {t("notifications.seeAll")}
        </Button>
      </Box>
    </Popover>
  );
}
