import { Box, Button, Container, Link, Paper, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import { type ReactNode, useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { Notices } from "../../../lib/components/Notices.tsx";
import { setLanguage } from "../../../lib/i18n.ts";
import { zonedRange, zoneLabel } from "./format.ts";

/**
 * The frame of the public event pages: no shell, a plain header with the organiser's name and a
 * language switch (a guest has no profile to keep one; it starts in the browser's language), a
 * column a phone's width reads comfortably, and the notices the pages' actions show.
 */
export function PublicFrame({ organiser, title, children }: { organiser: string | null; title: string | null; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "es" ? "es" : "en";
  const heading = organiser || t("eventPublic.appName");
  const documentTitle = title ? `${title} · ${heading}` : heading;
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return (
    <Notices>
      <Box sx={{ minHeight: "100vh", bgcolor: "background.default" }}>
        <Box component="header" sx={{ bgcolor: "background.paper", borderBottom: 1, borderColor: "divider" }}>
          <Container maxWidth="sm" sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, py: 1.5 }}>
            <Typography component="p" sx={{ fontWeight: 700, fontSize: "1.1rem", minWidth: 0, overflowWrap: "anywhere" }}>
              {heading}
            </Typography>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={language}
              onChange={(_, value) => value && void setLanguage(value)}
              aria-label={t("eventPublic.language")}
              sx={{ flexShrink: 0 }}
            >
              <ToggleButton value="en" lang="en" sx={{ textTransform: "none" }}>
                {t("eventPublic.languages.en")}
              </ToggleButton>
              <ToggleButton value="es" lang="es" sx={{ textTransform: "none" }}>
                {t("eventPublic.languages.es")}
              </ToggleButton>
            </ToggleButtonGroup>
          </Container>
        </Box>
        <Container component="main" maxWidth="sm" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 2, sm: 3 } }}>
          {children}
        </Container>
      </Box>
    </Notices>
  );
}

/** A page that cannot be shown, and why. */
export function Unavailable({ title, text, onRetry }: { title: string; text: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography>{text}</Typography>
      {onRetry ? (
        <Button variant="contained" onClick={onRetry} sx={{ mt: 2 }}>
          {t("eventPublic.retry")}
        </Button>
      ) : null}
    </Paper>
  );
}

/** A titled card of a page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A description list: terms above their values (a phone's width has no room beside them). */
export function Details({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: { xs: "1fr", sm: "max-content 1fr" }, columnGap: 2, rowGap: 0.5 }}>
      {children}
    </Box>
  );
}

export function Summary({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <Typography component="dt" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: "anywhere" }}>
        {value}
      </Typography>
    </>
  );
}

type EventPlace = { startsAt: string; endsAt: string; timeZone: string; venue: string; onlineUrl: string; clinicName: string };

/** When (in the event's own zone, named), where (a venue's address as written, or the online link) and who organises it. */
export function EventFacts({ event, children }: { event: EventPlace; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Details>
      <Summary
        label={t("eventPublic.facts.when")}
        value={
          <>
            {zonedRange(event.startsAt, event.endsAt, event.timeZone)}
            <Box component="span" sx={{ display: "block", color: "text.secondary" }}>
              {t("eventPublic.facts.zone", { zone: zoneLabel(event.timeZone) })}
            </Box>
          </>
        }
      />
      {event.venue ? <Summary label={t("eventPublic.facts.venue")} value={<Box sx={{ whiteSpace: "pre-line" }}>{event.venue}</Box>} /> : null}
      {event.onlineUrl ? (
        <Summary
          label={t("eventPublic.facts.online")}
          value={
            <Link href={event.onlineUrl} target="_blank" rel="noopener noreferrer">
              {event.onlineUrl}
            </Link>
          }
        />
      ) : null}
      <Summary label={t("eventPublic.facts.organiser")} value={event.clinicName} />
      {children}
    </Details>
  );
}
