import { z } from "zod";

/** Days without a done activity before a patient shows under adherence (the therapist home). */
export const ADHERENCE_DAYS_DEFAULT = 3;
export const ADHERENCE_DAYS_MAX = 60;

/** `GET /api/dashboard/summary?days=`: the window of the adherence list, in whole days before today. */
export const dashboardSummaryQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(ADHERENCE_DAYS_MAX).default(ADHERENCE_DAYS_DEFAULT),
});
export type DashboardSummaryQuery = z.infer<typeof dashboardSummaryQuerySchema>;

const patientName = { id: z.string(), nombres: z.string(), apellidos: z.string() };

/** Today's assigned activities (active ones) of the patients in the caller's care. */
export const todaySummarySchema = z.object({
  date: z.string(),
  done: z.number().int(),
  total: z.number().int(),
  patients: z.array(z.object({ ...patientName, done: z.number().int(), total: z.number().int() })),
});

/**
 * Patients with active assignments in the `days` whole days before today, none of them done:
 * how many they missed and the date of the last activity they did (null: never).
 */
export const adherenceSummarySchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  patients: z.array(z.object({ ...patientName, missed: z.number().int(), lastDone: z.string().nullable() })),
});

export const heldMembershipSchema = z.object({
  plan: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  nUsers: z.number().int(),
  nPatients: z.number().int(),
});

/** The home of each staff role (spec §2 admin and therapist homes): what it counts and lists. */
export const dashboardSummarySchema = z.discriminatedUnion("role", [
  z.object({
    role: z.literal("admin"),
    clinics: z.number().int(),
    therapists: z.number().int(),
    patients: z.number().int(),
    /** Assigned memberships whose period holds today. */
    activeMemberships: z.number().int(),
  }),
  z.object({
    role: z.literal("clinic"),
    therapists: z.number().int(),
    patients: z.number().int(),
    membership: heldMembershipSchema.nullable(),
    today: todaySummarySchema,
    adherence: adherenceSummarySchema,
  }),
  z.object({
    role: z.literal("therapist"),
    patients: z.number().int(),
    today: todaySummarySchema,
    adherence: adherenceSummarySchema,
  }),
]);
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
export type TodaySummary = z.infer<typeof todaySummarySchema>;
export type AdherenceSummary = z.infer<typeof adherenceSummarySchema>;
