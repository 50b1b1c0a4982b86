import { ROUTES_BY_ID, type SessionState, isRouteVisible } from "@clinic/shared";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import { Badge, IconButton } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { visibilityOf } from "../../../lib/session.ts";
import { INBOX_SCREEN, PATIENT_CHAT_SCREEN } from "../keys.ts";
import { useChatLive, useChatUnread } from "./live.ts";

/** Where the chat opens for this user: the inbox for agents, their own chat for a patient, none while the module is off. */
export function chatScreenOf(session: SessionState): string | null {
  const context = visibilityOf(session);
  const patient = !session.isAdmin && session.permission.is_patient;
  const route = ROUTES_BY_ID.get(patient ? "patientChat" : "chat");
  if (!route || !isRouteVisible(route, context)) return null;
  return patient ? PATIENT_CHAT_SCREEN : INBOX_SCREEN;
}

/** The top bar's chat button with the unread count, beside the notifications bell (`connected`: the realtime socket is up). */
export function ChatButton({ session, connected }: { session: SessionState; connected: boolean }) {
  const screen = chatScreenOf(session);
  if (!screen) return null;
  return <LiveChatButton screen={screen} connected={connected} />;
}

function LiveChatButton({ screen, connected }: { screen: string; connected: boolean }) {
  const { t } = useTranslation();
  useChatLive();
  const unread = useChatUnread(connected);
  return (
    <IconButton component={RouterLink} to={screen} aria-label={t("chatBar.button", { count: unread })}>
      {/* No badge at 0: a hidden MUI badge keeps showing its last count, which the name would then contradict. */}
      {unread > 0 ? (
        <Badge badgeContent={unread} color="error" max={99}>
          <ForumOutlined />
        </Badge>
      ) : (
        <ForumOutlined />
      )}
    </IconButton>
  );
}
