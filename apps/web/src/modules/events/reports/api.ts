import type { EventDashboard } from "@clinic/shared";
import { useResource } from "../../../lib/resource.ts";

/**
 * The calls of an event's dashboard (server: modules/events/reports.routes.ts). Its key starts
 * with "event-dashboard", which the event screens' changes refresh (events/api.ts EVERY_EVENT_LIST).
 */

export const DASHBOARD_KEY = "event-dashboard";

export const dashboardPath = (eventId: number) => `/api/events/events/${eventId}/dashboard`;
/** The door list's PDF, in the interface language. */
export const doorListUrl = (eventId: number, language: string) => `/api/events/events/${eventId}/door-list.pdf?language=${language === "es" ? "es" : "en"}`;

export const useEventDashboard = (eventId: number) => useResource<EventDashboard>([DASHBOARD_KEY, eventId], dashboardPath(eventId), { quiet: true });
