import type { Appointment, AppointmentInput, AppointmentUpdate, Schedule, ScheduleInput, Service, ServiceInput } from "@clinic/shared";
import { del, post, put } from "../../../lib/api.ts";

/**
 * Query-key roots. Everything under APPOINTMENTS_KEY (the calendar, the requests, a patient's
 * list) reloads together after any change to an appointment (spec §4); free slots too.
 */
export const APPOINTMENTS_KEY = "appointments";
export const SLOTS_KEY = "service-slots";
export const SERVICES_KEY = "services";
export const SCHEDULES_KEY = "schedules";
export const FEED_KEY = "calendar-feed";

/** What reloads after an appointment is created, moved, accepted, denied or cancelled. */
export const APPOINTMENT_CHANGES = [[APPOINTMENTS_KEY], [SLOTS_KEY]];

export const createAppointment = (input: AppointmentInput) => post<Appointment>("/api/appointment/", input);
export const updateAppointment = (id: number, input: AppointmentUpdate) => put<Appointment>(`/api/appointment-detail/${id}`, input);
/** `related`: the later appointments of the same weekly series go too. */
export const deleteAppointment = (id: number, related: boolean) => del<null>(`/api/appointment-detail/${id}?related=${related}`);
export const acceptAppointment = (id: number) => put<Appointment>(`/api/accepted-appointment/${id}`);
export const denyAppointment = (id: number, reason: string) => put<Appointment>(`/api/denied-appointment/${id}`, { reason });

export const createService = (input: ServiceInput) => post<Service>("/api/create-service/", input);
export const updateService = (id: number, input: ServiceInput) => put<Service>(`/api/delete-update-service/${id}`, input);
export const deleteService = (id: number) => del<null>(`/api/delete-update-service/${id}`);

export const createSchedule = (input: ScheduleInput) => post<Schedule>("/api/schedules/", input);
export const updateSchedule = (id: number, input: ScheduleInput) => put<Schedule>(`/api/schedules/${id}`, input);
export const deleteSchedule = (id: number) => del<null>(`/api/schedules/${id}`);

export const renewFeed = () => post<{ url: string }>("/api/calendar-feed/");

/** The free slots of a service from `from` to `to` (both `YYYY-MM-DD`, at most 62 days apart). */
export const slotsPath = (serviceId: number, from: string, to: string) => `/api/schedule-service/${serviceId}?from=${from}&to=${to}`;

/** Appointments of the calendar's visible range; `all` shows everyone's in scope (change_all_appointments). */
export const calendarPath = (range: { from: string; to: string }, all: boolean) =>
  `/api/get-calendar-appointments/?all=${all}&from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`;
