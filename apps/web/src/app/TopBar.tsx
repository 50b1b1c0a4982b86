import { ROUTES_BY_ID, type SessionState, isRouteVisible } from "@clinic/shared";
import AccountCircle from "@mui/icons-material/AccountCircle";
import MenuIcon from "@mui/icons-material/Menu";
import { AppBar, Box, IconButton, ListItemText, Menu, MenuItem, Toolbar, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMatches, useNavigate } from "react-router";
import { currentLanguage } from "../lib/i18n.ts";
import { visibilityOf } from "../lib/session.ts";
import { ChatButton } from "../modules/chat/bar/ChatButton.tsx";
import { NotificationBell } from "../modules/notifications/NotificationBell.tsx";
import { useRealtimeNotifications } from "../modules/notifications/useRealtime.ts";
import { PatientBadge } from "./PatientBadge.tsx";

/** Title of the deepest matched registry route, in the user's language. */
function useRouteTitle(): string {
  const matches = useMatches();
  const language = currentLanguage();
  for (const match of [...matches].reverse()) {
    const routeId = (match.handle as { routeId?: string } | undefined)?.routeId;
    const entry = routeId ? ROUTES_BY_ID.get(routeId) : undefined;
    if (entry) return entry.title[language];
  }
  return "";
}

/** `menuWidth`: the side menu's width in pixels, which the bar leaves free beside it. */
export function TopBar({ session, mobile, onMenu, menuWidth }: { session: SessionState; mobile: boolean; onMenu: () => void; menuWidth: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = useRouteTitle();
  // The one realtime socket of the signed-in user, patients and staff alike: the bell's count and the chat's events.
  const connected = useRealtimeNotifications();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Spec §6: the badge is for signed-in users who are not patients, and for admins.
  const showsPatient = session.isAdmin || !session.permission.is_patient;
  const profile = ROUTES_BY_ID.get("profile");
  const canOpenProfile = profile ? isRouteVisible(profile, visibilityOf(session)) : false;

  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: "divider", width: mobile ? "100%" : `calc(100% - ${menuWidth}px)`, ml: mobile ? 0 : `${menuWidth}px` }}
    >
      <Toolbar sx={{ gap: 1 }}>
        {mobile ? (
          <IconButton edge="start" onClick={onMenu} aria-label={t("shell.openMenu")}>
            <MenuIcon />
          </IconButton>
        ) : null}
        <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1, fontSize: { xs: "1.05rem", sm: "1.25rem" } }}>
          {title}
        </Typography>
        {showsPatient ? <PatientBadge /> : null}
        <ChatButton session={session} connected={connected} />
        <NotificationBell connected={connected} />
        <Box>
          <IconButton
            onClick={(event) => setAnchor(event.currentTarget)}
            aria-label={t("shell.profileMenu")}
            aria-haspopup="menu"
            aria-controls={anchor ? "profile-menu" : undefined}
            aria-expanded={anchor ? "true" : undefined}
          >
            <AccountCircle />
          </IconButton>
          <Menu
            id="profile-menu"
            anchorEl={anchor}
            open={!!anchor}
            onClose={() => setAnchor(null)}
            anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
            transformOrigin={{ vertical: "top", horizontal: "right" }}
          >
            <MenuItem disabled sx={{ opacity: "1 !important" }}>
              <ListItemText primary={`${session.userData.nombres} ${session.userData.apellidos}`} secondary={session.userData.email} />
            </MenuItem>
            {canOpenProfile ? (
              <MenuItem
                onClick={() => {
                  setAnchor(null);
                  navigate("/user/profile");
                }}
              >
                {t("shell.myProfile")}
              </MenuItem>
            ) : null}
            <MenuItem
              onClick={() => {
                setAnchor(null);
                navigate("/accounts/logout/");
              }}
            >
              {t("shell.signOut")}
            </MenuItem>
          </Menu>
        </Box>
      </Toolbar>
    </AppBar>
  );
}
