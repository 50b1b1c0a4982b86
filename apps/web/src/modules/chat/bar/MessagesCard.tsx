import type { SessionState } from "@clinic/shared";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import { Badge, Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { chatScreenOf } from "./ChatButton.tsx";
import { useChatUnread } from "./live.ts";

/** The patient home's "Messages" entry (issue 41): a way to their chat with the clinic, with what they have not read. */
export function MessagesCard({ session }: { session: SessionState }) {
  const screen = chatScreenOf(session);
  if (!screen) return null;
  return <UnreadMessagesCard screen={screen} />;
}

function UnreadMessagesCard({ screen }: { screen: string }) {
  const { t } = useTranslation();
  // The top bar's button keeps the count live (and polls while the socket is down).
  const unread = useChatUnread(true);
  return (
    <Card variant="outlined" component="section" aria-labelledby="patient-messages">
      <CardContent>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
            <Badge badgeContent={unread} color="error" max={99}>
              <ForumOutlined color="primary" aria-hidden />
            </Badge>
            <div>
              <Typography id="patient-messages" variant="h6" component="h2">
                {t("chatBar.card.title")}
              </Typography>
              <Typography>{unread > 0 ? t("chatBar.card.unread", { count: unread }) : t("chatBar.card.none")}</Typography>
            </div>
          </Stack>
          <Button component={RouterLink} to={screen} variant="outlined">
            {t("chatBar.card.open")}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
