import { Box, Container, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Notices } from "../../../lib/components/Notices.tsx";
import { currentLanguage, setLanguage } from "../../../lib/i18n.ts";

/**
 * The frame of the public booking pages: no shell, a plain header with the service's name and a
 * language switch (guests have no profile to keep one; it starts in the browser's language), and
 * the notices the pages' actions show.
 */
export function PublicLayout({ serviceName, children }: { serviceName: string | null; children: ReactNode }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const heading = serviceName ?? t("bookingPublic.appName");
  useEffect(() => {
    document.title = heading;
  }, [heading]);
  return (
    <Notices>
      <Box sx={{ minHeight: "100vh", bgcolor: "background.default" }}>
        <Box component="header" sx={{ bgcolor: "background.paper", borderBottom: 1, borderColor: "divider" }}>
          <Container maxWidth="md" sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, py: 1.5 }}>
            <Typography component="p" sx={{ fontWeight: 700, fontSize: "1.1rem", minWidth: 0, overflowWrap: "anywhere" }}>
              {heading}
            </Typography>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={language}
              onChange={(_, value) => value && void setLanguage(value)}
              aria-label={t("bookingPublic.language")}
              sx={{ flexShrink: 0 }}
            >
              <ToggleButton value="en" lang="en" sx={{ textTransform: "none" }}>
                {t("bookingPublic.languages.en")}
              </ToggleButton>
              <ToggleButton value="es" lang="es" sx={{ textTransform: "none" }}>
                {t("bookingPublic.languages.es")}
              </ToggleButton>
            </ToggleButtonGroup>
          </Container>
        </Box>
        <Container component="main" maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 2, sm: 3 } }}>
          {children}
        </Container>
      </Box>
    </Notices>
  );
}
