import type { PublicEvent, PublicRegistration, RegistrationInput, RegistrationResult } from "@clinic/shared";
import { get, post } from "../../../lib/api.ts";

/** The events' public calls (no account needed): an event's page, registering, and a registration by its private link. */
const BASE = "/api/events/public";

export const PUBLIC_EVENT_KEY = "events-public-event";
export const TICKET_KEY = "events-public-ticket";

export const publicEvent = (slug: string, signal?: AbortSignal) => get<PublicEvent>(`${BASE}/${encodeURIComponent(slug)}`, signal);

export const registerForEvent = (slug: string, body: RegistrationInput) => post<RegistrationResult>(`${BASE}/${encodeURIComponent(slug)}/registrations`, body);

const registration = (token: string) => `${BASE}/registrations/${encodeURIComponent(token)}`;
export const publicRegistration = (token: string, signal?: AbortSignal) => get<PublicRegistration>(registration(token), signal);
export const cancelMyRegistration = (token: string) => post<PublicRegistration>(`${registration(token)}/cancel`);
export const payMyRegistration = (token: string) => post<{ redirectUrl: string }>(`${registration(token)}/pay`);

/** Plain links (the browser downloads them): the event in the registrant's calendar, and each invoice. */
export const calendarPath = (token: string) => `${registration(token)}/calendar.ics`;
export const invoicePdfPath = (token: string, invoiceId: number) => `${registration(token)}/invoices/${invoiceId}/pdf`;

/** The registrant's own page, where registering (without a payment page to visit) ends. */
export const ticketPath = (token: string) => `/events/ticket/${encodeURIComponent(token)}`;
export const eventPath = (slug: string) => `/events/${encodeURIComponent(slug)}`;
