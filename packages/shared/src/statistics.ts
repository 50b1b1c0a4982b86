import { FAMILIES, type Family } from "@clinic/games";
import { z } from "zod";
import { gameSessionFiguresSchema } from "./assignments.ts";
import { isRealDate } from "./memberships.ts";
import { rowIdParam, userId } from "./schemas.ts";

/**
 * Contracts of the statistics (spec §2 `statistics`, `statistics/{id}`, §5 "since and to are
 * required", §7 `GET /api/statistics/`, `GET /api/global-activities/`, §6 the statistics app):
 * a patient's progress over a range of days, the platform's figures for admins, and the
 * patient's own encouraging card. Days are `YYYY-MM-DD`, counted in UTC like the assignments'.
 */

export const STATISTICS_MESSAGES = {
  notADate: "Must be a date (YYYY-MM-DD).",
  sinceAfterTo: "Must be on or after the start date.",
  rangeTooLong: "The range may span at most 5 years.",
  noteTooLong: "The note may hold at most 4000 characters.",
} as const;

/** The longest range a statistics call answers: five years of days. */
export const STATISTICS_MAX_DAYS = 5 * 366;
/** The quick ranges the screens offer, in days back from today (`all` = since the patient's first record). */
export const STATISTICS_QUICK_RANGES = ["today", "7", "30", "90", "all"] as const;
export type StatisticsQuickRange = (typeof STATISTICS_QUICK_RANGES)[number];
/** Without `activity`, the sessions list holds the newest few; with it, every session of the range up to this. */
export const STATISTICS_RECENT_SESSIONS = 10;
export const STATISTICS_ACTIVITY_SESSIONS = 500;

const day = () => z.string({ error: STATISTICS_MESSAGES.notADate }).refine(isRealDate, STATISTICS_MESSAGES.notADate);

/** Days from `since` to `to`, both counted. */
export function daysBetween(since: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${since}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The rules of a range of days in a query (`since` ≤ `to`, at most STATISTICS_MAX_DAYS): the statistics' and the AI usage's. */
export function dayRangeRules(fields: { since: string; to: string }) {
  return (query: Record<string, unknown>, context: z.RefinementCtx) => {
    const since = query[fields.since];
    const to = query[fields.to];
    if (typeof since !== "string" || typeof to !== "string" || !isRealDate(since) || !isRealDate(to)) return;
    if (since > to) context.addIssue({ code: "custom", path: [fields.to], message: STATISTICS_MESSAGES.sinceAfterTo });
    else if (daysBetween(since, to) > STATISTICS_MAX_DAYS) context.addIssue({ code: "custom", path: [fields.to], message: STATISTICS_MESSAGES.rangeTooLong });
  };
}

// ---------------------------------------------------------------------------------------------
// A patient's statistics: GET /api/statistics/

const patientStatisticsQueryObject = z.object({
  /** The patient. */
  user: userId(),
  /** Narrows everything to one activity of the catalogue (the `statistics/{id}` screen). */
  activity: rowIdParam().optional(),
  /** Narrows the game figures to one family. */
  family: z.enum(FAMILIES).optional(),
  since: day(),
  to: day(),
});
export const statisticsQuerySchema = patientStatisticsQueryObject.superRefine(dayRangeRules({ since: "since", to: "to" }));
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

/** The tables of a patient's statistics that export (each is one table of the screen). */
export const STATISTICS_TABLES = ["adherence", "weeks", "measures", "dizziness", "sessions", "activities"] as const;
export type StatisticsTable = (typeof STATISTICS_TABLES)[number];
export const statisticsExportQuerySchema = patientStatisticsQueryObject
  .extend({ table: z.enum(STATISTICS_TABLES), format: z.enum(["csv", "xlsx"]), language: z.enum(["en", "es"]).optional() })
  .superRefine(dayRangeRules({ since: "since", to: "to" }));

/** `POST /api/statistics/report`: the PDF progress report, with the therapist's note, in the patient's language. */
export const statisticsReportInputSchema = z
  .object({
    user: userId(),
    activity: z.number().int().positive().max(2_147_483_647).optional(),
    since: day(),
    to: day(),
    note: z.string().trim().max(4000, STATISTICS_MESSAGES.noteTooLong).default(""),
  })
  .strict()
  .superRefine(dayRangeRules({ since: "since", to: "to" }));
export type StatisticsReportInput = z.infer<typeof statisticsReportInputSchema>;

/** Which way is better for a measure. */
export const MEASURE_BETTER = ["higher", "lower"] as const;
export type MeasureBetter = (typeof MEASURE_BETTER)[number];
/** How a measure is read: `ratio` 0..1 shown as a percent; `level` from the session's own level reached. */
export const MEASURE_UNITS = ["ms", "ratio", "level", "px", "deg", "bpm", "items", "logmar"] as const;
export type MeasureUnit = (typeof MEASURE_UNITS)[number];

export interface FamilyMeasure {
  /** A metric name of `game_session_metrics`, or `level_end` for the session's level reached. */
  name: string;
  unit: MeasureUnit;
  better: MeasureBetter;
}

const level: FamilyMeasure = { name: "level_end", unit: "level", better: "higher" };
const accuracy: FamilyMeasure = { name: "accuracy", unit: "ratio", better: "higher" };

/**
 * The main measures of each game family, the ones a therapist follows session by session,
 * in the order the screen shows them. A session that could not compute a measure (no hit,
 * another assessment) has no point for it.
 */
export const FAMILY_MEASURES: Record<Family, readonly FamilyMeasure[]> = {
  reactor: [{ name: "rt_median_ms", unit: "ms", better: "lower" }, accuracy, level],
  activator: [{ name: "rt_mean_ms", unit: "ms", better: "lower" }, accuracy, level],
  reflector: [accuracy, { name: "max_pace_bpm", unit: "bpm", better: "higher" }, level],
  regulator: [{ name: "tracking_error_mean_px", unit: "px", better: "lower" }, { name: "time_on_target", unit: "ratio", better: "higher" }, level],
  modulator: [accuracy, { name: "rt_median_ms", unit: "ms", better: "lower" }, level],
  equalizer: [accuracy, { name: "rt_median_ms", unit: "ms", better: "lower" }, level],
  evaluator: [
    { name: "span_max", unit: "items", better: "higher" },
    { name: "svv_abs_error_deg", unit: "deg", better: "lower" },
    { name: "dva_loss_logmar", unit: "logmar", better: "lower" },
  ],
  optimizer: [{ name: "level_reached", unit: "level", better: "higher" }, accuracy, { name: "rt_median_ms", unit: "ms", better: "lower" }],
  "optimizer-vr": [{ name: "level_reached", unit: "level", better: "higher" }, accuracy, { name: "rt_median_ms", unit: "ms", better: "lower" }],
};

export const TREND_DIRECTIONS = ["improving", "steady", "worsening"] as const;
export type TrendDirection = (typeof TREND_DIRECTIONS)[number];

export const measurePointSchema = z.object({ sessionId: z.number().int(), endedAt: z.string(), value: z.number() });
export type MeasurePoint = z.infer<typeof measurePointSchema>;

export const measureTrendSchema = z.object({
  /** Points it was computed from. */
  sessions: z.number().int(),
  /** Mean of the first and of the last third of the points (at least one point each). */
  start: z.number(),
  end: z.number(),
  /** end − start, in the measure's unit. */
  change: z.number(),
  /** null below MIN_TREND_SESSIONS points: too few to call a trend. */
  direction: z.enum(TREND_DIRECTIONS).nullable(),
});
export type MeasureTrend = z.infer<typeof measureTrendSchema>;

/** Fewer sessions than this call no trend. */
export const MIN_TREND_SESSIONS = 3;
/** A change smaller than this share of the start (or, for ratios, than these points) is steady. */
export const STEADY_SHARE = 0.05;
export const STEADY_RATIO_POINTS = 0.03;

/**
 * The trend of one measure over its points in session order: the mean of the last third
 * against the mean of the first third (robust to one odd session, unlike first vs last),
 * read with the measure's better direction. Hand-worked in statistics.test.ts.
 */
export function measureTrend(points: readonly { value: number }[], measure: Pick<FamilyMeasure, "unit" | "better">): MeasureTrend | null {
  const n = points.length;
  if (n === 0) return null;
  const third = Math.max(1, Math.floor(n / 3));
  const mean = (values: readonly { value: number }[]) => values.reduce((sum, point) => sum + point.value, 0) / values.length;
  const start = mean(points.slice(0, third));
  const end = mean(points.slice(n - third));
  const change = end - start;
  let direction: TrendDirection | null = null;
  if (n >= MIN_TREND_SESSIONS) {
    const steadyBelow = measure.unit === "ratio" ? STEADY_RATIO_POINTS : Math.abs(start) * STEADY_SHARE;
    if (Math.abs(change) <= steadyBelow) direction = "steady";
    else direction = change > 0 === (measure.better === "higher") ? "improving" : "worsening";
  }
  return { sessions: n, start, end, change, direction };
}

export const familyMeasureSeriesSchema = z.object({
  name: z.string(),
  unit: z.enum(MEASURE_UNITS),
  better: z.enum(MEASURE_BETTER),
  points: z.array(measurePointSchema),
  trend: measureTrendSchema.nullable(),
});
export type FamilyMeasureSeries = z.infer<typeof familyMeasureSeriesSchema>;

export const familyStatisticsSchema = z.object({
  family: z.enum(FAMILIES),
  sessions: z.number().int(),
  measures: z.array(familyMeasureSeriesSchema),
});
export type FamilyStatistics = z.infer<typeof familyStatisticsSchema>;

export const adherenceDaySchema = z.object({ day: z.string(), assigned: z.number().int(), done: z.number().int() });
/** `week` is the Monday that starts it (ISO weeks). */
export const adherenceWeekSchema = z.object({ week: z.string(), assigned: z.number().int(), done: z.number().int() });
export type AdherenceDay = z.infer<typeof adherenceDaySchema>;
export type AdherenceWeek = z.infer<typeof adherenceWeekSchema>;

export const statisticsActivitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  family: z.enum(FAMILIES).nullable(),
  buildId: z.string().nullable(),
  assigned: z.number().int(),
  done: z.number().int(),
  sessions: z.number().int(),
  playedMs: z.number().int(),
  lastDoneAt: z.string().nullable(),
});
export type StatisticsActivity = z.infer<typeof statisticsActivitySchema>;

export const statisticsSessionSchema = gameSessionFiguresSchema.extend({
  family: z.enum(FAMILIES),
  activity: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type StatisticsSession = z.infer<typeof statisticsSessionSchema>;

export const dizzinessPointSchema = z.object({
  sessionId: z.number().int(),
  endedAt: z.string(),
  activityName: z.string().nullable(),
  before: z.number().int(),
  after: z.number().int(),
});
export type DizzinessPoint = z.infer<typeof dizzinessPointSchema>;

/** `GET /api/statistics/`: one patient's progress over [since, to] (spec §7; the collection's `data` and `activities`). */
export const patientStatisticsSchema = z.object({
  patient: z.object({ id: z.string(), name: z.string(), language: z.enum(["en", "es"]) }),
  since: z.string(),
  to: z.string(),
  /** The activity the figures are narrowed to, when `activity` was given. */
  activity: z.object({ id: z.number().int(), name: z.string(), type: z.string(), family: z.enum(FAMILIES).nullable() }).nullable(),
  data: z.object({
    totals: z.object({
      assigned: z.number().int(),
      done: z.number().int(),
      /** done / assigned, null when nothing was assigned. */
      adherence: z.number().nullable(),
      sessions: z.number().int(),
      playedMs: z.number().int(),
      /** Days with at least one activity done or session played. */
      activeDays: z.number().int(),
      /** The first day the patient has any assignment or session, for the `all` quick range; null when none. */
      firstDay: z.string().nullable(),
    }),
    /** Every day of the range, oldest first (days with nothing assigned hold zeros). */
    days: z.array(adherenceDaySchema),
    weeks: z.array(adherenceWeekSchema),
    families: z.array(familyStatisticsSchema),
    /** Every session of the range with its dizziness before and after, oldest first. */
    dizziness: z.array(dizzinessPointSchema),
    /** Newest first: the latest STATISTICS_RECENT_SESSIONS, or with `activity` up to STATISTICS_ACTIVITY_SESSIONS. */
    sessions: z.array(statisticsSessionSchema),
  }),
  /** Per activity assigned or played in the range. */
  activities: z.array(statisticsActivitySchema),
});
export type PatientStatistics = z.infer<typeof patientStatisticsSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/global-activities/: per activity, across one patient or every patient in scope

const globalActivitiesQueryObject = z.object({
  /** One patient; without it, every patient in the caller's scope. */
  patient_id: userId().optional(),
  date_start: day(),
  date_end: day(),
});
export const globalActivitiesQuerySchema = globalActivitiesQueryObject.superRefine(dayRangeRules({ since: "date_start", to: "date_end" }));
export const globalActivitiesExportQuerySchema = globalActivitiesQueryObject
  .extend({ format: z.enum(["csv", "xlsx"]), language: z.enum(["en", "es"]).optional() })
  .superRefine(dayRangeRules({ since: "date_start", to: "date_end" }));

export const globalActivitySchema = statisticsActivitySchema.extend({ patients: z.number().int() });
export type GlobalActivity = z.infer<typeof globalActivitySchema>;
export const globalActivitiesSchema = z.object({
  dateStart: z.string(),
  dateEnd: z.string(),
  patientId: z.string().nullable(),
  data: z.array(globalActivitySchema),
});
export type GlobalActivities = z.infer<typeof globalActivitiesSchema>;

// ---------------------------------------------------------------------------------------------
// The statistics app (admin, module `statistics`): GET /api/statistics/platform

const platformQueryObject = z.object({
  since: day(),
  to: day(),
  /** One clinic's figures only. */
  clinic: userId().optional(),
});
export const platformStatisticsQuerySchema = platformQueryObject.superRefine(dayRangeRules({ since: "since", to: "to" }));
export const PLATFORM_TABLES = ["days", "activities", "builds", "appointments", "memberships"] as const;
export type PlatformTable = (typeof PLATFORM_TABLES)[number];
export const platformExportQuerySchema = platformQueryObject
  .extend({ table: z.enum(PLATFORM_TABLES), format: z.enum(["csv", "xlsx"]), language: z.enum(["en", "es"]).optional() })
  .superRefine(dayRangeRules({ since: "since", to: "to" }));

export const platformStatisticsSchema = z.object({
  since: z.string(),
  to: z.string(),
  clinic: z.object({ id: z.string(), name: z.string() }).nullable(),
  totals: z.object({
    /** Clinics whose people played, were assigned or had an appointment in the range. */
    activeClinics: z.number().int(),
    activeTherapists: z.number().int(),
    activePatients: z.number().int(),
    sessions: z.number().int(),
    appointments: z.number().int(),
    membershipsSold: z.number().int(),
  }),
  /** Revenue of paid orders in the range, per currency (empty where payments do not exist). */
  revenue: z.array(z.object({ currency: z.string(), amountCents: z.number().int() })),
  /** Every day of the range, oldest first. */
  sessionsPerDay: z.array(z.object({ day: z.string(), sessions: z.number().int(), patients: z.number().int() })),
  topActivities: z.array(z.object({ id: z.number().int(), name: z.string(), sessions: z.number().int(), patients: z.number().int() })),
  topBuilds: z.array(z.object({ buildId: z.string(), family: z.enum(FAMILIES), sessions: z.number().int(), patients: z.number().int() })),
  appointmentsPerWeek: z.array(z.object({ week: z.string(), appointments: z.number().int() })),
  membershipsPerWeek: z.array(
    z.object({ week: z.string(), sold: z.number().int(), revenue: z.array(z.object({ currency: z.string(), amountCents: z.number().int() })) }),
  ),
});
export type PlatformStatistics = z.infer<typeof platformStatisticsSchema>;

// ---------------------------------------------------------------------------------------------
// The patient's own card: GET /api/statistics/me (no clinical bands, ever)

export const myProgressSchema = z.object({
  /** Monday of the current week (UTC), and what this week holds so far. */
  week: z.string(),
  sessionsThisWeek: z.number().int(),
  doneThisWeek: z.number().int(),
  assignedThisWeek: z.number().int(),
  /** Consecutive days up to today (or yesterday, when today is not done yet) with something done. */
  streakDays: z.number().int(),
  /** One improving measure of the last 30 days, to encourage; null when none improves. */
  highlight: z
    .object({
      activityName: z.string(),
      family: z.enum(FAMILIES),
      measure: z.string(),
      unit: z.enum(MEASURE_UNITS),
      start: z.number(),
      end: z.number(),
    })
    .nullable(),
});
export type MyProgress = z.infer<typeof myProgressSchema>;

export const statisticsActivityParamSchema = z.object({ id: rowIdParam() });
