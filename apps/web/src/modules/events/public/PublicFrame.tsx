import { Box, Link } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PublicPageFrame } from "../../../lib/components/PublicPageFrame.tsx";
import { Details, Summary } from "../../../lib/components/PublicPageParts.tsx";
import { zoneLabel, zonedRange } from "../../../lib/zoned-time.ts";

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
