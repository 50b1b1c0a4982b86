import {
  BOOKING_SETUP_REFUSALS,
  type BookingHours,
  type BookingHoursInput,
  type BookingLocation,
  type BookingLocationInput,
  type BookingProvider,
  type BookingResource,
  type BookingResourceInput,
  type BookingService,
  type BookingServiceInput,
  type BookingSettings,
  type BookingSettingsInput,
  type BookingSpecialDay,
  type BookingSpecialDayInput,
} from "@clinic/shared";
import type { TFunction } from "i18next";
import { del, post, put } from "../../../lib/api.ts";
import { sharedMessage } from "../../../lib/field-messages.ts";
import { refusalText, registerRefusals } from "../../../lib/refusals.ts";
import { useResource } from "../../../lib/resource.ts";
import { useSignedIn } from "../../../lib/session.ts";
import { fieldMessage } from "../../clinic/appointments/format.ts";
// Registers the booking app's refusals (BOOKING_REFUSALS, BOOKING_MESSAGES) with lib/refusals.ts.
import "../shared/format.ts";

/** Every setup query starts with this key: a change anywhere refreshes them all (counts and names cross screens). */
export const SETUP_KEY = "booking-setup";
export const EVERY_SETUP_LIST = [[SETUP_KEY]];

/** The setup screens (shared/routes.ts), for the links of each empty state. */
export const SETUP_SCREENS = {
  config: "/schedule/app/config",
  hours: "/schedule/app/service-hours",
  equipment: "/schedule/app/equipment",
  services: "/schedule/app/variation",
} as const;

/** A service's public booking page, absolute so it can be sent to clients. */
export const publicBookingUrl = (slug: string) => `${window.location.origin}/schedule/app/booking/${slug}`;

/** An admin names the clinic of clinic-wide calls; staff always work on their own (the server ignores it for them). */
const withClinic = (path: string, clinicId: string | null) => (clinicId ? `${path}?clinicId=${encodeURIComponent(clinicId)}` : path);

export const settingsPath = (clinicId: string | null) => withClinic("/api/schedule/settings", clinicId);
export const providersPath = (clinicId: string | null) => withClinic("/api/schedule/providers", clinicId);

export const saveSettings = (clinicId: string | null, input: BookingSettingsInput) => put<BookingSettings>(settingsPath(clinicId), input);

export const createLocation = (input: BookingLocationInput) => post<BookingLocation>("/api/schedule/locations", input);
export const updateLocation = (id: number, input: BookingLocationInput) => put<BookingLocation>(`/api/schedule/locations/${id}`, input);
export const deleteLocation = (id: number) => del<void>(`/api/schedule/locations/${id}`);

export const putHours = (input: BookingHoursInput) => put<BookingHours[]>("/api/schedule/hours", input);

export const createSpecialDay = (input: BookingSpecialDayInput) => post<BookingSpecialDay>("/api/schedule/special-days", input);
export const updateSpecialDay = (id: number, input: BookingSpecialDayInput) => put<BookingSpecialDay>(`/api/schedule/special-days/${id}`, input);
export const deleteSpecialDay = (id: number) => del<void>(`/api/schedule/special-days/${id}`);

export const createResource = (input: BookingResourceInput) => post<BookingResource>("/api/schedule/resources", input);
export const updateResource = (id: number, input: BookingResourceInput) => put<BookingResource>(`/api/schedule/resources/${id}`, input);
export const deleteResource = (id: number) => del<void>(`/api/schedule/resources/${id}`);

export const createService = (input: BookingServiceInput) => post<BookingService>("/api/schedule/services", input);
export const updateService = (id: number, input: BookingServiceInput) => put<BookingService>(`/api/schedule/services/${id}`, input);
export const deleteService = (id: number) => del<void>(`/api/schedule/services/${id}`);

/** The locations the user manages: their clinic's, or every clinic's for an admin. */
export const useLocations = () => useResource<BookingLocation[]>([SETUP_KEY, "locations"], "/api/schedule/locations");
/** A clinic's booking settings; for an admin, `clinicId` names it (null: not chosen yet, nothing asked). */
export const useSettings = (clinicId: string | null, enabled = true) =>
  useResource<BookingSettings>([SETUP_KEY, "settings", clinicId], enabled ? settingsPath(clinicId) : null);
export const useProviders = (clinicId: string | null, enabled = true) =>
  useResource<BookingProvider[]>([SETUP_KEY, "providers", clinicId], enabled ? providersPath(clinicId) : null);
export const useResources = (locationId?: number) =>
  useResource<BookingResource[]>(
    [SETUP_KEY, "resources", locationId ?? "all"],
    locationId === undefined ? "/api/schedule/resources" : `/api/schedule/resources?locationId=${locationId}`,
  );
export const useServices = () => useResource<BookingService[]>([SETUP_KEY, "services"], "/api/schedule/services");

/** Whether the signed-in user holds one of the codenames; administrators hold them all, as the route gate says. */
export function useCan(): (...codenames: string[]) => boolean {
  const session = useSignedIn();
  return (...codenames) => session.isAdmin || codenames.some((codename) => session.permission.codenames.includes(codename as never));
}

/** The setup API's own refusals (shared BOOKING_SETUP_REFUSALS), by their text: the key of their translation. */
const SETUP_REFUSALS: Record<string, string> = Object.fromEntries(Object.entries(BOOKING_SETUP_REFUSALS).map(([key, text]) => [text, key]));

registerRefusals((t, message) => {
  const key = SETUP_REFUSALS[message];
  return key ? t(`bookingSetup.refusals.${key}`) : message;
});

/**
 * A form's or the server's message in the interface language: the booking app's refusals and
 * limits, the schedule rules' messages (hours are in their shape), the shared schemas' texts;
 * any other (zod's own, already translated) as it is.
 */
export function setupMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const refused = refusalText(t, message);
  if (refused !== message) return refused;
  const scheduled = fieldMessage(t, message);
  if (scheduled && scheduled !== message) return scheduled;
  return sharedMessage(t, message);
}
