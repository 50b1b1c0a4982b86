import { useTranslation } from "react-i18next";
import { ExportButtons } from "../../../lib/components/ExportButtons.tsx";
import type { ExportKind } from "../../../lib/exports.ts";

export type EventExportWhat = "events" | "registrations" | "payments" | "costs" | "checklists";

/** Each export's kind, whose §8 notice is "<Kind> exported successfully" (exports.done.<kind> in lib/components/locales). */
const KINDS: Record<EventExportWhat, ExportKind> = {
  events: "events",
  registrations: "eventRegistrations",
  payments: "payments",
  costs: "eventCosts",
  checklists: "eventChecklists",
};

/** The export's address: the staff's events list, or one event's registrations, payments, costs or checklist. */
export function eventExportPath(what: EventExportWhat, eventId?: number): string {
  if (what === "events") return "/api/events/exports/events";
  if (eventId === undefined) throw new Error(`The ${what} export needs its event`);
  return `/api/events/events/${eventId}/exports/${what}`;
}

/**
 * CSV and XLSX downloads of the events module (issue 37.6): the events list in its current
 * filters (`query`: q, state, when, and clinicId for a platform admin), or one event's
 * registrations, payments, costs or checklist. The notices are spec §8's.
 */
export function EventExportButtons(props: { what: EventExportWhat; eventId?: number; query?: Record<string, string> }) {
  const { t } = useTranslation();
  const { q = "", ...filters } = props.query ?? {};
  return (
    <ExportButtons
      path={eventExportPath(props.what, props.eventId)}
      search={q}
      filters={filters}
      label={t(`eventReports.export.${props.what}`)}
      kind={KINDS[props.what]}
    />
  );
}
