import { inLanguage, type PublicEvent } from "@clinic/shared";
import { Alert, Box, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { ApiError } from "../../../lib/api.ts";
import { Loading } from "../../../lib/components/Loading.tsx";
import { RichTextView } from "../../../lib/components/RichTextView.tsx";
import { PUBLIC_EVENT_KEY, publicEvent } from "./api.ts";
import { PageSection, Summary, Unavailable } from "../../../lib/components/PublicPageParts.tsx";
import { EventFacts, PublicFrame } from "./PublicFrame.tsx";
import { RegistrationForm } from "./RegistrationForm.tsx";

/** A refusal the server will give again is not asked twice; a failure on the way may be. */
const retryOnlyFailures = (count: number, error: ApiError) => error.status !== 404 && error.status !== 400 && count < 2;

/**
 * /events/:slug (public, no account): a published event's page in the chosen language, with its
 * date and time in the event's own zone, where it is, who organises it, the places left, and the
 * registration form while registration is open. A draft, cancelled or unknown event is "not found".
 */
export function PublicEventPage() {
  const { t, i18n } = useTranslation();
  const { slug = "" } = useParams();
  const event = useQuery<PublicEvent, ApiError>({
    queryKey: [PUBLIC_EVENT_KEY, slug],
    queryFn: ({ signal }) => publicEvent(slug, signal),
    retry: retryOnlyFailures,
  });
  const missing = event.error && (event.error.status === 404 || event.error.status === 400);
  return (
    <PublicFrame organiser={event.data?.clinicName ?? null} title={event.data ? inLanguage(event.data.title, i18n.language) : null}>
      {event.data ? (
        <EventView event={event.data} />
      ) : missing ? (
        <Unavailable title={t("eventPublic.page.missingTitle")} text={t("eventPublic.page.missing")} />
      ) : event.error ? (
        <Unavailable title={t("eventPublic.page.failedTitle")} text={t("eventPublic.page.failed")} onRetry={() => void event.refetch()} />
      ) : (
        <Loading />
      )}
    </PublicFrame>
  );
}

export function EventView({ event }: { event: PublicEvent }) {
  const { t, i18n } = useTranslation();
  const description = inLanguage(event.description, i18n.language);
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, overflowWrap: "anywhere", fontSize: { xs: "1.75rem", sm: "2.125rem" } }}>
          {inLanguage(event.title, i18n.language)}
        </Typography>
        {description.trim() ? <RichTextView html={description} sx={{ mt: 1 }} /> : null}
      </Box>
      <PageSection title={t("eventPublic.facts.title")}>
        <EventFacts event={event}>
          <Summary
            label={t("eventPublic.facts.places")}
            value={event.available > 0 ? t("eventPublic.facts.placesLeft", { count: event.available }) : t("eventPublic.facts.full")}
          />
        </EventFacts>
      </PageSection>
      {event.open ? (
        <RegistrationForm key={event.slug} event={event} />
      ) : (
        <Alert severity="info" role="status">
          {t("eventPublic.page.closed")}
        </Alert>
      )}
    </Stack>
  );
}
