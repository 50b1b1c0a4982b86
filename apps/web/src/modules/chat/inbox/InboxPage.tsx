import { Box, Button, Paper, Typography, useMediaQuery, useTheme } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate, useParams } from "react-router";
import { INBOX_SCREEN, SETTINGS_SCREEN } from "../keys.ts";
import { ConversationList, useInboxQuery } from "./ConversationList.tsx";
import { ConversationView } from "./ConversationView.tsx";

/**
 * The clinic's shared inbox (issue 41): the conversations on the left, the one open on the right;
 * on a phone one pane at a time (the list, or the conversation with a way back).
 */
export function InboxPage() {
  const { t } = useTranslation();
  const { conversationId } = useParams();
  const navigate = useNavigate();
  const { search } = useInboxQuery();
  const phone = useMediaQuery(useTheme().breakpoints.down("md"));
  const parsed = Number(conversationId);
  const selected = Number.isInteger(parsed) && parsed > 0 ? parsed : null;
  const back = () => navigate(`${INBOX_SCREEN}${search ? `?${search}` : ""}`);
  const showList = !phone || selected === null;
  const showView = !phone || selected !== null;
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1, height: { xs: "calc(100dvh - 104px)", sm: "calc(100dvh - 128px)" }, minHeight: 420 }}>
      <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
        <Button component={RouterLink} to={SETTINGS_SCREEN} size="small">
          {t("chat.inbox.settings")}
        </Button>
      </Box>
      <Paper variant="outlined" sx={{ flex: "1 1 auto", minHeight: 0, display: "flex", overflow: "hidden" }}>
        {showList ? (
          <Box
            component="section"
            aria-label={t("chat.inbox.conversations")}
            sx={{ width: { xs: "100%", md: 360 }, flexShrink: 0, borderRight: { md: 1 }, borderColor: { md: "divider" }, minHeight: 0 }}
          >
            <ConversationList selectedId={selected} />
          </Box>
        ) : null}
        {showView ? (
          <Box component="section" aria-label={t("chat.inbox.conversation")} sx={{ flex: "1 1 auto", minWidth: 0, minHeight: 0 }}>
            {selected === null ? (
              <Typography color="text.secondary" sx={{ p: 4, textAlign: "center" }}>
                {t("chat.inbox.pick")}
              </Typography>
            ) : (
              <ConversationView key={selected} id={selected} onBack={phone ? back : undefined} />
            )}
          </Box>
        ) : null}
      </Paper>
    </Box>
  );
}
