import type { EventDetail } from "@clinic/shared";
import ArrowBack from "@mui/icons-material/ArrowBack";
import { Alert, Box, Button, Stack, Tab, Tabs } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams, useSearchParams } from "react-router";
import { Loading } from "../../../lib/components/Loading.tsx";
import { EventChecklistTab } from "../planning/EventChecklistTab.tsx";
import { EventCostsTab } from "../planning/EventCostsTab.tsx";
import { EventDashboardTab } from "../reports/EventDashboardTab.tsx";
import { EVENTS_HOME, useEvent } from "./api.ts";
import { CheckInTab } from "./CheckInTab.tsx";
import { EventHeader } from "./EventHeader.tsx";
import { RegistrationsTab } from "./RegistrationsTab.tsx";

export const EVENT_TABS = ["overview", "registrations", "checkin", "costs", "checklist"] as const;
export type EventTab = (typeof EVENT_TABS)[number];

/** The tab an address names (`?tab=costs`), or the overview. */
export const tabOf = (value: string | null): EventTab => ((EVENT_TABS as readonly string[]).includes(value ?? "") ? (value as EventTab) : "overview");

function TabPanel({ tab, event }: { tab: EventTab; event: EventDetail }) {
  switch (tab) {
    case "registrations":
      return <RegistrationsTab event={event} />;
    case "checkin":
      return <CheckInTab event={event} />;
    case "costs":
      return <EventCostsTab event={event} />;
    case "checklist":
      return <EventChecklistTab event={event} />;
    default:
      return <EventDashboardTab event={event} />;
  }
}

/**
 * One event (`/event/app/events/:eventId`): its header (when, where, state, the public link,
 * edit, publish, delete), then its overview, registrations, the door's check-in, costs and
 * checklist as tabs. The tab stays in the address (`?tab=checkin`), so a reload keeps it.
 */
export function EventPage() {
  const { t } = useTranslation();
  const id = Number(useParams().eventId);
  const valid = Number.isInteger(id) && id > 0;
  const event = useEvent(valid ? id : null);
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get("tab"));
  const back = (
    <div>
      <Button component={RouterLink} to={EVENTS_HOME} startIcon={<ArrowBack />}>
        {t("events.page.back")}
      </Button>
    </div>
  );
  if (!valid || event.network.status === 404)
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="warning">{t("events.page.notFound")}</Alert>
      </Stack>
    );
  if (!event.data) return event.network.error ? back : <Loading />;
  const shown = event.data;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {back}
      <EventHeader event={shown} />
      <Tabs
        value={tab}
        onChange={(_, next: EventTab) => setParams(next === "overview" ? {} : { tab: next }, { replace: true })}
        aria-label={t("events.page.tabs.label")}
        variant="scrollable"
        scrollButtons="auto"
      >
        {EVENT_TABS.map((name) => (
          <Tab key={name} value={name} label={t(`events.page.tabs.${name}`)} id={`event-tab-${name}`} aria-controls={`event-panel-${name}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`event-panel-${tab}`} aria-labelledby={`event-tab-${tab}`} sx={{ minWidth: 0 }}>
        <TabPanel tab={tab} event={shown} />
      </Box>
    </Stack>
  );
}
