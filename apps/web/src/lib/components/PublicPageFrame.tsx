import { Box, Container, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { setLanguage } from "../i18n.ts";
import { Notices } from "./Notices.tsx";

/**
 * The frame of a page reached without an account (the booking app's and the events' public
 * pages): no shell, a plain header with whose page it is and a language switch (a guest has no
 * profile to keep one; it starts in the browser's language), and the notices its actions show.
 */
export function PublicPageFrame({
  heading,
  documentTitle,
  languageLabel,
  languageNames,
  width,
  children,
}: {
  heading: string;
  documentTitle: string;
  /** The switch's accessible name ("Language"). */
  languageLabel: string;
  /** Each language's name as its own speakers write it. */
  languageNames: { en: string; es: string };
  width: "sm" | "md";
  children: ReactNode;
}) {
  // Subscribed to the language, so the switch shows the one just chosen.
  const { i18n } = useTranslation();
  const language = i18n.language === "es" ? "es" : "en";
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return (
    <Notices>
      <Box sx={{ minHeight: "100vh", bgcolor: "background.default" }}>
        <Box component="header" sx={{ bgcolor: "background.paper", borderBottom: 1, borderColor: "divider" }}>
          <Container maxWidth={width} sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, py: 1.5 }}>
            <Typography component="p" sx={{ fontWeight: 700, fontSize: "1.1rem", minWidth: 0, overflowWrap: "anywhere" }}>
              {heading}
            </Typography>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={language}
              onChange={(_, value) => value && void setLanguage(value)}
              aria-label={languageLabel}
              sx={{ flexShrink: 0 }}
            >
              <ToggleButton value="en" lang="en" sx={{ textTransform: "none" }}>
                {languageNames.en}
              </ToggleButton>
              <ToggleButton value="es" lang="es" sx={{ textTransform: "none" }}>
                {languageNames.es}
              </ToggleButton>
            </ToggleButtonGroup>
          </Container>
        </Box>
        <Container component="main" maxWidth={width} sx={{ py: { xs: 2, sm: 4 }, px: { xs: 2, sm: 3 } }}>
          {children}
        </Container>
      </Box>
    </Notices>
  );
}
