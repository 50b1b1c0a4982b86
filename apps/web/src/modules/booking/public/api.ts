import type { BookingMade, BookingRatingInput, BookingRequest, BookingSlots, ManagedBooking, PublicBookingService } from "@clinic/shared";
import { get, post } from "../../../lib/api.ts";

/** The public booking calls (no account needed): a service's page, its free times, and a booking's private link. */
const BASE = "/api/schedule/public";

export const PUBLIC_SERVICE_KEY = "booking-public-service";
/** Every free-times list: a refused time reloads them all. */
export const PUBLIC_SLOTS_KEY = "booking-public-slots";
export const MY_BOOKING_KEY = "booking-public-mine";

export const publicService = (slug: string, signal?: AbortSignal) => get<PublicBookingService>(`${BASE}/services/${encodeURIComponent(slug)}`, signal);

export function publicSlots(query: { variationId: number; providerId: string | null; from: string; to: string }, signal?: AbortSignal) {
  const params = new URLSearchParams({ variationId: String(query.variationId), from: query.from, to: query.to });
  if (query.providerId) params.set("providerId", query.providerId);
  return get<BookingSlots>(`${BASE}/slots?${params}`, signal);
}

export const book = (body: BookingRequest) => post<BookingMade>(`${BASE}/bookings`, body);

const mine = (token: string) => `${BASE}/my-booking/${encodeURIComponent(token)}`;
export const myBooking = (token: string, signal?: AbortSignal) => get<ManagedBooking>(mine(token), signal);
export const confirmMyBooking = (token: string, secret: string) => post<ManagedBooking>(`${mine(token)}/confirm`, { token: secret });
export const moveMyBooking = (token: string, body: { start: string; providerId: string | null }) => post<ManagedBooking>(`${mine(token)}/move`, body);
export const cancelMyBooking = (token: string) => post<ManagedBooking>(`${mine(token)}/cancel`);
export const rateMyBooking = (token: string, body: BookingRatingInput) => post<ManagedBooking>(`${mine(token)}/rating`, body);
