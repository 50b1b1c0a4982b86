import { z } from "zod";
import { APPOINTMENT_DURATIONS, APPOINTMENT_TYPES, DEFAULT_APPOINTMENT_DURATION, DESCRIPTION_MAX, NAME_MAX, SCHEDULE_TIME_STEP_MINUTES } from "./constants.ts";
import { pageQuerySchema, queryFlag, requiredText, rowId, rowIdParam, userId } from "./schemas.ts";

/**
 * Contracts of services, therapist schedules and appointments (spec §3, §4, §7, §9). Times
 * travel as ISO 8601 instants in UTC; a schedule's rules are wall-clock times in the
 * schedule's IANA time zone, so "Monday 09:00" stays 09:00 across daylight-saving changes.
 */

export const APPOINTMENT_TYPE_IDS = Object.keys(APPOINTMENT_TYPES).map(Number) as (keyof typeof APPOINTMENT_TYPES)[];
export type AppointmentTypeId = keyof typeof APPOINTMENT_TYPES;
export const APPOINTMENT_STATUSES = ["requested", "accepted", "denied"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
/** Rule days of spec §9: every day, Monday to Friday, or one weekday (0 Sunday … 6 Saturday). */
export const SCHEDULE_DAYS = ["all", "week", "0", "1", "2", "3", "4", "5", "6"] as const;
export type ScheduleDay = (typeof SCHEDULE_DAYS)[number];
export const SCHEDULE_RULES_MAX = 30;
export const SCHEDULE_EXCEPTIONS_MAX = 200;
export const DENIAL_REASON_MAX = 600;
/** A staff member may book a weekly series of at most this many appointments at once. */
export const APPOINTMENT_REPEAT_MAX = 12;
/** The free-slot query covers at most this many days per call. */
export const SLOT_RANGE_MAX_DAYS = 62;
/** Hours before an appointment its reminder goes out, unless REMINDER_HOURS says otherwise. */
export const DEFAULT_REMINDER_HOURS = 24;

/**
 * The field messages of the schedule and appointment schemas, in English as the API answers
 * them. The web app shows each in the user's language by finding it here (`scheduleMessageKey`).
 */
export const SCHEDULE_MESSAGES = {
  endAfterStart: "The end must be after the start.",
  exceptionHours: "Give the hours of that day, or mark it as a day off.",
  types: "Choose at least one appointment type.",
  rules: "Add at least one availability rule.",
  duplicateException: "This day already has an exception.",
  time: "Give a time as HH:MM.",
  timeStep: `Times go in steps of ${SCHEDULE_TIME_STEP_MINUTES} minutes (or 23:59).`,
  date: "Use a date as YYYY-MM-DD.",
  timeZone: "Unknown time zone; use a name such as Europe/Madrid.",
} as const;
export type ScheduleMessage = keyof typeof SCHEDULE_MESSAGES;

/** The key of one of the messages above, or null for any other text. */
export function scheduleMessageKey(message: string): ScheduleMessage | null {
  const entry = Object.entries(SCHEDULE_MESSAGES).find(([, text]) => text === message);
  return entry ? (entry[0] as ScheduleMessage) : null;
}

/** True for a time zone this runtime knows (IANA names such as "Europe/Madrid", or "UTC"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return value.length > 0 && value.length <= 64;
  } catch {
    return false;
  }
}

/** An IANA time zone this runtime knows. */
export const timeZoneField = () => z.string({ error: SCHEDULE_MESSAGES.timeZone }).refine(isTimeZone, SCHEDULE_MESSAGES.timeZone);
const duration = () =>
  z.union(
    APPOINTMENT_DURATIONS.map((minutes) => z.literal(minutes)),
    { error: `The duration must be ${APPOINTMENT_DURATIONS.join(", ")} minutes.` },
  );
/** One of APPOINTMENT_TYPES (spec §9): in person, by video, at home. */
export const appointmentTypeField = () =>
  z.union(
    APPOINTMENT_TYPE_IDS.map((id) => z.literal(id)),
    { error: `Unknown appointment type; use ${APPOINTMENT_TYPE_IDS.join(", ")}.` },
  );
/** A wall-clock time "HH:MM" on the 15-minute steps of §9, or "23:59" as the day's end. */
export const scheduleTime = () =>
  z
    .string({ error: SCHEDULE_MESSAGES.time })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, SCHEDULE_MESSAGES.time)
    .refine((value) => value === "23:59" || minutesOf(value) % SCHEDULE_TIME_STEP_MINUTES === 0, SCHEDULE_MESSAGES.timeStep);
/** An ISO 8601 instant with its offset. */
export const instantField = () => z.iso.datetime({ offset: true, error: "Give a date and time in ISO 8601 (e.g. 2026-12-01T09:00:00Z)." });
/** A calendar date "YYYY-MM-DD". */
export const dayField = () => z.iso.date({ error: SCHEDULE_MESSAGES.date });

/** Minutes since midnight of "HH:MM". */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

// ---------------------------------------------------------------- services

export const serviceInputSchema = z
  .object({
    name: requiredText(NAME_MAX),
    description: requiredText(DESCRIPTION_MAX),
    /** The schedule patients book this service from; none: not bookable by patients. */
    scheduleId: rowId().nullable().default(null),
  })
  .strict();
export type ServiceInput = z.input<typeof serviceInputSchema>;

export const serviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  scheduleId: z.number().int().nullable(),
  scheduleName: z.string().nullable(),
  /** The therapist (or clinic account) who gives the service. */
  providerId: z.string(),
  providerName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;

// ---------------------------------------------------------------- schedules

export const scheduleRuleSchema = z
  .object({
    day: z.enum(SCHEDULE_DAYS, { error: "Choose all, week or a weekday." }),
    start: scheduleTime(),
    end: scheduleTime(),
  })
  .strict()
  .superRefine((rule, context) => {
    if (minutesOf(rule.end) <= minutesOf(rule.start)) context.addIssue({ code: "custom", path: ["end"], message: SCHEDULE_MESSAGES.endAfterStart });
  });
export type ScheduleRule = z.infer<typeof scheduleRuleSchema>;

/** One dated change: the day off (`closed`), or other hours that replace the rules of that day. */
export const scheduleExceptionSchema = z
  .object({
    date: dayField(),
    closed: z.boolean(),
    start: scheduleTime().nullable().default(null),
    end: scheduleTime().nullable().default(null),
  })
  .strict()
  .superRefine((exception, context) => {
    if (exception.closed) return;
    if (!exception.start) context.addIssue({ code: "custom", path: ["start"], message: SCHEDULE_MESSAGES.exceptionHours });
    if (!exception.end) context.addIssue({ code: "custom", path: ["end"], message: SCHEDULE_MESSAGES.exceptionHours });
    if (exception.start && exception.end && minutesOf(exception.end) <= minutesOf(exception.start))
      context.addIssue({ code: "custom", path: ["end"], message: SCHEDULE_MESSAGES.endAfterStart });
  });
export type ScheduleException = z.infer<typeof scheduleExceptionSchema>;

export const scheduleInputSchema = z
  .object({
    name: requiredText(NAME_MAX),
    description: requiredText(DESCRIPTION_MAX),
    duration: duration().default(DEFAULT_APPOINTMENT_DURATION),
    appointmentTypes: z
      .array(appointmentTypeField())
      .min(1, SCHEDULE_MESSAGES.types)
      .transform((types) => [...new Set(types)].sort((a, b) => a - b)),
    timeZone: timeZoneField(),
    rules: z.array(scheduleRuleSchema).min(1, SCHEDULE_MESSAGES.rules).max(SCHEDULE_RULES_MAX),
    exceptions: z
      .array(scheduleExceptionSchema)
      .max(SCHEDULE_EXCEPTIONS_MAX)
      .default([])
      .superRefine((exceptions, context) => {
        const seen = new Set<string>();
        exceptions.forEach((exception, index) => {
          if (seen.has(exception.date)) context.addIssue({ code: "custom", path: [index, "date"], message: SCHEDULE_MESSAGES.duplicateException });
          seen.add(exception.date);
        });
      }),
  })
  .strict();
export type ScheduleInput = z.input<typeof scheduleInputSchema>;

export const scheduleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  duration: z.number().int(),
  appointmentTypes: z.array(z.number().int()),
  timeZone: z.string(),
  rules: z.array(z.object({ day: z.enum(SCHEDULE_DAYS), start: z.string(), end: z.string() })),
  exceptions: z.array(z.object({ date: z.string(), closed: z.boolean(), start: z.string().nullable(), end: z.string().nullable() })),
  providerId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const slotSchema = z.object({ start: z.string(), end: z.string() });
export type Slot = z.infer<typeof slotSchema>;

/** `GET /api/schedule-service/{id}`: the service, its schedule and the free slots from `from` to `to`. */
export const slotQuerySchema = z.object({ from: dayField().optional(), to: dayField().optional() }).superRefine((value, context) => {
  if (value.from && value.to && value.from > value.to)
    context.addIssue({ code: "custom", path: ["to"], message: "The end date must be on or after the start date." });
});
export const serviceSlotsSchema = z.object({
  service: serviceSchema,
  schedule: scheduleSchema.nullable(),
  from: z.string(),
  to: z.string(),
  slots: z.array(slotSchema),
});
export type ServiceSlots = z.infer<typeof serviceSlotsSchema>;

// ---------------------------------------------------------------- appointments

const person = z.object({ id: z.string(), name: z.string() });

export const appointmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  start: z.string(),
  end: z.string(),
  duration: z.number().int(),
  appointmentType: z.number().int(),
  status: z.enum(APPOINTMENT_STATUSES),
  denialReason: z.string().nullable(),
  timeZone: z.string(),
  serviceId: z.number().int().nullable(),
  serviceName: z.string().nullable(),
  seriesId: z.string().nullable(),
  provider: person,
  patient: person,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/**
 * `POST /api/appointment/`. A patient requests one of the free slots of a service (the
 * service gives therapist, duration and time zone); staff book directly for one of their
 * patients, at any free time, optionally weekly for several weeks.
 */
export const appointmentInputSchema = z
  .object({
    name: requiredText(NAME_MAX),
    description: requiredText(DESCRIPTION_MAX),
    start: instantField(),
    duration: duration().default(DEFAULT_APPOINTMENT_DURATION),
    appointmentType: appointmentTypeField(),
    serviceId: rowId().nullable().default(null),
    /** Staff: the patient; a patient books for themself (another id is refused). */
    patientId: userId().optional(),
    /** Staff with change_all_appointments: the therapist; default the actor. */
    providerId: userId().optional(),
    timeZone: timeZoneField().optional(),
    /** Staff: the same time every week, this many appointments in all. */
    repeatWeeks: z.number().int().min(1).max(APPOINTMENT_REPEAT_MAX, `At most ${APPOINTMENT_REPEAT_MAX} weeks at once.`).default(1),
  })
  .strict();
export type AppointmentInput = z.input<typeof appointmentInputSchema>;

/** `PUT /api/appointment-detail/{id}`: what staff change (a drag sends `start` alone). */
export const appointmentUpdateSchema = z
  .object({
    name: requiredText(NAME_MAX).optional(),
    description: requiredText(DESCRIPTION_MAX).optional(),
    start: instantField().optional(),
    duration: duration().optional(),
    appointmentType: appointmentTypeField().optional(),
  })
  .strict()
  .refine((value) => Object.keys(value).length > 0, "Nothing to change.");
export type AppointmentUpdate = z.input<typeof appointmentUpdateSchema>;

export const denialSchema = z.object({ reason: requiredText(DENIAL_REASON_MAX) }).strict();

export const calendarQuerySchema = z
  .object({
    all: queryFlag(),
    from: instantField().optional(),
    to: instantField().optional(),
    user: userId().optional(),
  })
  .superRefine((value, context) => {
    if (value.from && value.to && Date.parse(value.from) > Date.parse(value.to))
      context.addIssue({ code: "custom", path: ["to"], message: "The end must be on or after the start." });
  });
export const requestQuerySchema = pageQuerySchema.extend({ status: z.enum(APPOINTMENT_STATUSES).optional() });
export const appointmentDeleteQuerySchema = z.object({ related: queryFlag() });
export const appointmentIdParamSchema = z.object({ id: rowIdParam() });

export const calendarFeedSchema = z.object({ url: z.string() });
/** `GET /api/calendar-feed/{token}`: the shape `feedUrl` makes (base64url user id, a 32-character signature, `.ics`). */
export const calendarFeedParamSchema = z.object({
  token: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]{1,128}\.[A-Za-z0-9_-]{32}(\.ics)?$/, "Not a calendar feed address."),
});
