import { Box, Button, Link, Paper, Typography } from "@mui/material";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { PublicPageFrame } from "../../../lib/components/PublicPageFrame.tsx";
import { zonedRange, zoneLabel } from "./format.ts";

/** The frame of the public event pages, headed by the organiser's name, a column a phone's width reads comfortably. */
export function PublicFrame({ organiser, title, children }: { organiser: string | null; title: string | null; children: ReactNode }) {
  const { t } = useTranslation();
  const heading = organiser || t("eventPublic.appName");
  return (
    <PublicPageFrame
      heading={heading}
      documentTitle={title ? `${title} · ${heading}` : heading}
      languageLabel={t("eventPublic.language")}
      languageNames={{ en: t("eventPublic.languages.en"), es: t("eventPublic.languages.es") }}
      width="sm"
    >
      {children}
    </PublicPageFrame>
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
