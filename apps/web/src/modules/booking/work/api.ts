import type {
  Booking,
  BookingLocation,
  BookingMade,
  BookingProvider,
  BookingService,
  BookingSettings,
  BookingStatus,
  Permission,
  StaffBooking,
} from "@clinic/shared";
import { ApiError, post } from "../../../lib/api.ts";
import { useResource } from "../../../lib/resource.ts";
import { useSignedIn } from "../../../lib/session.ts";

/**
 * The staff work screens' calls (booking.routes.ts): bookings, free times, ratings and the
 * report. Every query key starts with WORK_KEY, or is a paged list's resource name, so that a
 * booking made, moved, cancelled or marked refreshes the agenda, the lists and the figures alike.
 */

export const WORK_KEY = "schedule-work";
/** usePagedList keys its pages by a single resource name. */
export const BOOKINGS_RESOURCE = "schedule-bookings";
export const RATINGS_RESOURCE = "schedule-ratings";
/** What a change to a booking may touch. */
export const EVERY_WORK_LIST = [[WORK_KEY], [BOOKINGS_RESOURCE], [RATINGS_RESOURCE]];

export const LOCATIONS_PATH = "/api/schedule/locations";
export const SERVICES_PATH = "/api/schedule/services";
export const PROVIDERS_PATH = "/api/schedule/providers";
export const RESOURCES_PATH = "/api/schedule/resources";
export const BOOKINGS_PATH = "/api/schedule/bookings";
export const RATINGS_PATH = "/api/schedule/ratings";
export const REPORT_EXPORT_PATH = "/api/schedule/report/export";

/** Adds the non-empty values to a path's query. */
export function withQuery(path: string, values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** A variation's free starts from `from` to `to` (days in the location's zone), for one provider or anyone (null). */
export const slotsPath = (variationId: number, providerId: string | null, from: string, to: string) =>
  withQuery("/api/schedule/slots", { variationId, providerId, from, to });

export const reportPath = (since: string, to: string, locationId: number | null) => withQuery("/api/schedule/report", { since, to, locationId });

export const ratingsSummaryPath = (since: string, to: string) => withQuery("/api/schedule/ratings/summary", { since, to });

export const createBooking = (input: StaffBooking) => post<BookingMade>(BOOKINGS_PATH, input);
export const moveBooking = (id: number, input: { start: string; providerId: string | null }) => post<Booking>(`${BOOKINGS_PATH}/${id}/move`, input);
export const cancelBooking = (id: number) => post<Booking>(`${BOOKINGS_PATH}/${id}/cancel`);
export const markOutcome = (id: number, status: Extract<BookingStatus, "completed" | "no_show">) => post<Booking>(`${BOOKINGS_PATH}/${id}/outcome`, { status });

/** The work screens (shared/routes.ts). */
export const WORK_SCREENS = {
  home: "/schedule/app",
  bookings: "/schedule/app/booking",
  dashboard: "/schedule/app/dashboard",
  report: "/schedule/app/report",
  ratings: "/schedule/app/score",
} as const;

/** Whether the signed-in user holds a codename; administrators hold them all (as the route gate says). */
export function useCan(): (codename: Permission) => boolean {
  const session = useSignedIn();
  return (codename) => session.isAdmin || session.permission.codenames.includes(codename);
}

/** The clinic's locations, services (with their variations and providers) and providers: every work screen's choices. */
export const useLocations = () => useResource<BookingLocation[]>([WORK_KEY, "locations"], LOCATIONS_PATH);
export const useServices = () => useResource<BookingService[]>([WORK_KEY, "services"], SERVICES_PATH);
export const useProviders = () => useResource<BookingProvider[]>([WORK_KEY, "providers"], PROVIDERS_PATH);

/**
 * Where a refused booking call's words belong: under the chosen time (a 400 on `start`), on a
 * field of the form, or in the dialog's alert (a 409 "taken", a 403). Untranslated, as sent.
 */
export function refusalPlaces(failure: unknown): { fields: Record<string, string>; problem: string | null } {
  if (!(failure instanceof ApiError)) return { fields: {}, problem: null };
  const fields = Object.fromEntries(Object.entries(failure.fieldErrors).map(([field, messages]) => [field, messages.join(" ")]));
  const detail = typeof failure.body.detail === "string" ? failure.body.detail : null;
  // A 409 is the chosen time taken meanwhile: it is said under the times, which are asked for again.
  if (failure.status === 409 && detail) return { fields: { ...fields, start: detail }, problem: null };
  return { fields, problem: detail };
}

/** Whether a refusal was of the chosen time (taken, too soon, outside hours): the free times are stale. */
export const refusedTime = (failure: unknown) => failure instanceof ApiError && "start" in refusalPlaces(failure).fields;

/** The free times, asked for again. */
export const SLOTS_KEY = [WORK_KEY, "slots"];

/**
 * The platform's currency, which a booking's price is in: the booking settings say it, for those
 * who may read them; null for others (prices then show as plain amounts).
 */
export function useCurrency(): string | null {
  const can = useCan();
  const readsSettings = ["view_appointmentsetting", "change_appointmentsetting", "view_configuration", "change_configuration"].some((codename) =>
    can(codename as Permission),
  );
  const settings = useResource<BookingSettings>([WORK_KEY, "settings"], readsSettings ? "/api/schedule/settings" : null, { quiet: true });
  return settings.data?.currency ?? null;
}
