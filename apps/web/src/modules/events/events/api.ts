import type { CheckInResult, EventDetail, EventInput, RegistrationDetail, RegistrationInput, RegistrationRow, RegistrationState } from "@clinic/shared";
import type { QueryKey } from "@tanstack/react-query";
import { del, post, put } from "../../../lib/api.ts";
import { type ListChange, useResource } from "../../../lib/resource.ts";
import { useSignedIn } from "../../../lib/session.ts";
import { DASHBOARD_KEY } from "../reports/api.ts";

/**
 * The calls of the staff's event screens (server: modules/events/events.routes.ts and
 * registrations.routes.ts). Every query key starts with EVENTS_KEY or is one of the paged
 * lists' resources, so a change refreshes what it moves: a registration confirmed changes the
 * event's counts, the events list's places and the dashboard's figures together.
 */

export const EVENTS_KEY = "events";
/** usePagedList keys its pages by a single resource name. */
export const EVENTS_RESOURCE = "events-list";
export const REGISTRATIONS_RESOURCE = "event-registrations-list";
export const CHECK_IN_RESOURCE = "event-check-in-list";
/** Everything a change of an event or a registration moves: its page, the lists, the door, the dashboard. */
export const EVERY_EVENT_LIST: QueryKey[] = [[EVENTS_KEY], [EVENTS_RESOURCE], [REGISTRATIONS_RESOURCE], [CHECK_IN_RESOURCE], [DASHBOARD_KEY]];

/**
 * A registration as an action answered it, put in place in the registrations lists: a row just
 * added sits first on its list (kept beside the pages), and a refetch would not replace that copy.
 */
export const registrationReplaced = (row: RegistrationRow): ListChange[] => [
  { list: [REGISTRATIONS_RESOURCE], records: [row] },
  { list: [CHECK_IN_RESOURCE], records: [row] },
];

export const EVENTS_PATH = "/api/events/events";
export const eventPath = (id: number) => `${EVENTS_PATH}/${id}`;
export const registrationsPath = (eventId: number) => `${eventPath(eventId)}/registrations`;
export const registrationPath = (id: number) => `/api/events/registrations/${id}`;
export const invoicePdfPath = (registrationId: number, invoiceId: number) => `${registrationPath(registrationId)}/invoices/${invoiceId}/pdf`;
export const doorListPath = (eventId: number) => `${eventPath(eventId)}/door-list.pdf`;

export const EVENTS_HOME = "/event/app";
export const TEMPLATES_PAGE = "/event/app/templates";
export const eventPagePath = (id: number) => `/event/app/events/${id}`;

export const createEvent = (input: EventInput, clinicId?: string | null) =>
  post<EventDetail>(clinicId ? `${EVENTS_PATH}?clinicId=${encodeURIComponent(clinicId)}` : EVENTS_PATH, input);
export const updateEvent = (id: number, input: EventInput) => put<EventDetail>(eventPath(id), input);
export const deleteEvent = (id: number) => del<void>(eventPath(id));

export const addRegistration = (eventId: number, input: RegistrationInput) => post<RegistrationDetail>(registrationsPath(eventId), input);
export const confirmPayment = (id: number, input: { reference: string; note: string }) => post<RegistrationDetail>(`${registrationPath(id)}/confirm`, input);
export const cancelRegistration = (id: number, input: { note: string; refund: boolean }) => post<RegistrationDetail>(`${registrationPath(id)}/cancel`, input);
export const refundRegistration = (id: number, input: { amountCents: number; reason: string }) =>
  post<RegistrationDetail>(`${registrationPath(id)}/refund`, input);
export const resendTicket = (id: number) => post<void>(`${registrationPath(id)}/resend`);
/** The door's search: one registration checked in by its id. */
export const checkInRegistration = (id: number) => post<CheckInResult>(`${registrationPath(id)}/check-in`);
/** The door's scan: what the QR code held, checked against this event. */
export const checkInCode = (eventId: number, code: string) => post<CheckInResult>(`${eventPath(eventId)}/check-in`, { code });

export const useEvent = (id: number | null) => useResource<EventDetail>([EVENTS_KEY, "one", id], id === null ? null : eventPath(id), { quiet: true });
export const useRegistration = (id: number | null) =>
  useResource<RegistrationDetail>([EVENTS_KEY, "registration", id], id === null ? null : registrationPath(id), { quiet: true });

/** The states a registration may still be cancelled in by staff (the server has the last word). */
export const CANCELLABLE: readonly RegistrationState[] = ["pending_payment", "confirmed", "waiting", "checked_in"];

/** What the signed-in user may do here: a platform admin names the clinic of a new event and filters by clinic. */
export function useEventAbilities() {
  const session = useSignedIn();
  return { choosesClinic: session.isAdmin };
}
