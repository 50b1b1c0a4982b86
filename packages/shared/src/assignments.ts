import { sessionResultSchema } from "@clinic/games";
import { z } from "zod";
import { ACTIVITY_TYPES, activityFileSchema } from "./activities.ts";
import { pageQuerySchema, queryFlag, rowId, rowIdParam, storableText, userId } from "./schemas.ts";

/**
 * Contracts of the assigned activities (spec §3 "Assigned activity", §4, §7 "Assigned
 * activities"): an activity of the catalogue given to a patient for a day, for some minutes,
 * with a note from the therapist and the flags done, favorite and activate.
 */

/** Minutes: a session longer than ten hours is a typing error, not a plan. */
export const ASSIGNMENT_DURATION_MAX = 600;
export const ASSIGNMENT_DESCRIPTION_MAX = 1000;
/** One bulk request: at most this many patients, activities, resulting rows and ids. */
export const ASSIGNMENT_BULK_PATIENTS_MAX = 50;
export const ASSIGNMENT_BULK_ACTIVITIES_MAX = 50;
export const ASSIGNMENT_BULK_ROWS_MAX = 500;
export const ASSIGNMENT_BULK_IDS_MAX = 200;
/** What a patient reports with replyActivity: a small JSON object, at most this many bytes and keys. */
export const ASSIGNMENT_RESULT_MAX_BYTES = 4096;
export const ASSIGNMENT_RESULT_MAX_KEYS = 20;
export const ASSIGNMENT_NOTE_MAX = 1000;
/**
 * A game's motion intensity in percent (speeds, amplitudes, optic flow), set per assignment by
 * the therapist for vestibular patients; the player lowers it further for reduced motion.
 */
export const MOTION_MIN = 10;
export const MOTION_MAX = 100;
export const MOTION_DEFAULT = 100;
export const MOTION_PRESETS = [25, 50, 75, 100] as const;
const assignmentMotion = () =>
  z
    .number({ error: "Give the motion intensity in percent." })
    .int("Give the motion intensity in whole percent.")
    .min(MOTION_MIN, `The motion intensity must be at least ${MOTION_MIN} %.`)
    .max(MOTION_MAX, `The motion intensity can be at most ${MOTION_MAX} %.`);

/** A calendar day as spec §9 writes it (YYYY-MM-DD), and a real one (no 2026-02-30). */
export const assignmentDay = () => z.iso.date({ error: "Use a date as YYYY-MM-DD." });
export const assignmentDuration = () =>
  z
    .number({ error: "Give the duration in minutes." })
    .int("Give the duration in whole minutes.")
    .min(1, "The duration must be more than 0 minutes.")
    .max(ASSIGNMENT_DURATION_MAX, `The duration can be at most ${ASSIGNMENT_DURATION_MAX} minutes.`);
const assignmentDescription = () => storableText(ASSIGNMENT_DESCRIPTION_MAX).transform((value) => value.trim());

const fromNotAfterTo = (value: { from?: string; to?: string }, context: z.RefinementCtx) => {
  if (value.from && value.to && value.from > value.to)
    context.addIssue({ code: "custom", path: ["to"], message: "The end date must be on or after the start date." });
};

// ---------------------------------------------------------------- game results

/**
 * The figures of one played game session as the therapist reads them: what the player sent
 * (times, levels, motion as 0..1, dizziness 0..10) and the metrics the server computed from its
 * trials, by name (accuracy 0..1, rt_median_ms, correct, trials, and the family's own).
 */
export const gameSessionFiguresSchema = z.object({
  id: z.number().int(),
  buildId: z.string(),
  startedAt: z.string(),
  endedAt: z.string(),
  durationMs: z.number().int(),
  levelStart: z.number().int(),
  levelEnd: z.number().int(),
  motion: z.number(),
  ended: z.enum(["completed", "stopped", "timeout"]),
  dizzinessBefore: z.number().int(),
  dizzinessAfter: z.number().int(),
  trialCount: z.number().int(),
  metrics: z.record(z.string(), z.number()),
  /**
   * When the session reached the server. `startedAt`/`endedAt` are the device's clock at play; an
   * offline device sends later, so the two tell the therapist when a result was synced late.
   */
  receivedAt: z.string(),
});
export type GameSessionFigures = z.infer<typeof gameSessionFiguresSchema>;

/** One trial of a session, as the player recorded it (times in ms from the session's start). */
export const gameTrialSchema = z.object({
  index: z.number().int(),
  kind: z.string(),
  condition: z.string(),
  level: z.number().int(),
  shownAt: z.number(),
  respondedAt: z.number().nullable(),
  rtMs: z.number().nullable(),
  correct: z.boolean().nullable(),
  outcome: z.string(),
  value: z.number().nullable(),
});
export type GameTrial = z.infer<typeof gameTrialSchema>;

/** `GET /api/game-sessions/{id}/trials`: a page of the session's trials, in the order played. */
export const gameTrialsQuerySchema = pageQuerySchema;

// ---------------------------------------------------------------- records

export const assignedActivitySchema = z.object({
  id: z.number().int(),
  patientId: z.string(),
  activityId: z.number().int(),
  /** What a list row shows of the activity. */
  activity: z.object({ id: z.number().int(), name: z.string(), type: z.enum(ACTIVITY_TYPES), imageUrl: z.string().nullable() }),
  date: z.string(),
  duration: z.number().int(),
  description: z.string(),
  done: z.boolean(),
  doneAt: z.string().nullable(),
  favorite: z.boolean(),
  activate: z.boolean(),
  /** A game's motion intensity in percent. */
  motion: z.number().int(),
  /** What the patient reported with `POST /api/replyActivity/` (score, seconds, note…), or null. */
  result: z.record(z.string(), z.unknown()).nullable(),
  /** A game's latest played session (null before the first, and for other types), read with the row. */
  latestSession: gameSessionFiguresSchema.nullable(),
  /** How many sessions of this assignment were played: the results dialog lists them. */
  sessionCount: z.number().int(),
  assignedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AssignedActivity = z.infer<typeof assignedActivitySchema>;

/** One assignment with what the patient needs to do it: the activity's text, video or game build. */
export const assignedActivityDetailSchema = assignedActivitySchema.extend({
  activity: z.object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(ACTIVITY_TYPES),
    imageUrl: z.string().nullable(),
    description: z.string(),
    videoUrl: z.string().nullable(),
    /** Its attached File (a game's bundle, a text's PDF or image), as the activity read answers it. */
    file: activityFileSchema.nullable(),
    gameBuildId: z.string().nullable(),
    body: z.string().nullable(),
  }),
  /** For a game: the level its next session starts at (where the patient's last session of the build ended), or null for the build's own start. */
  gameLevel: z.number().int().nullable(),
});
export type AssignedActivityDetail = z.infer<typeof assignedActivityDetailSchema>;

// ---------------------------------------------------------------- lists

export const ASSIGNMENT_ORDERS = ["date", "-date", "name", "-name", "duration", "-duration", "created", "-created"] as const;
export type AssignmentOrder = (typeof ASSIGNMENT_ORDERS)[number];

/**
 * `GET /api/assignActivityList/{id}/`: `{id}` is the patient. `q` searches the activity's
 * name, `from`/`to` bound the date (inclusive), `activity` is an activity id, and `patient`
 * (kept from the spec) may only repeat the path's patient.
 */
export const assignmentListQuerySchema = pageQuerySchema
  .extend({
    q: storableText(100)
      .transform((value) => value.trim())
      .optional(),
    from: assignmentDay().optional(),
    to: assignmentDay().optional(),
    patient: userId().optional(),
    done: queryFlag(),
    favorite: queryFlag(),
    activate: queryFlag(),
    activity: rowIdParam().optional(),
    /** Only activities filed under a category marked as nutrition (the nutritionPlans screen). */
    nutrition: queryFlag(),
    order_by: z.enum(ASSIGNMENT_ORDERS).default("-date"),
  })
  .superRefine(fromNotAfterTo);
export type AssignmentListQuery = z.infer<typeof assignmentListQuerySchema>;

/** `GET /api/patientAssignActivities/{id}`: the patient's own active assignments, soonest first. */
export const patientAssignmentQuerySchema = pageQuerySchema
  .extend({ from: assignmentDay().optional(), to: assignmentDay().optional(), done: queryFlag(), favorite: queryFlag() })
  .superRefine(fromNotAfterTo);
export type PatientAssignmentQuery = z.infer<typeof patientAssignmentQuerySchema>;

export const assignmentPatientParamSchema = z.object({ id: userId() });

// ---------------------------------------------------------------- writes

/** What a new assignment is given: the day, the minutes, a note, and whether the patient sees it yet. */
const assignFields = {
  date: assignmentDay(),
  duration: assignmentDuration(),
  description: assignmentDescription().default(""),
  activate: z.boolean().default(true),
  motion: assignmentMotion().default(MOTION_DEFAULT),
};

const distinct = <T>(list: T[]) => [...new Set(list)];

/** `POST /api/patients-activities/{id}`: activities for the one patient of the path. */
export const patientActivitiesInputSchema = z
  .object({ activities: z.array(rowId()).min(1, "Choose at least one activity.").max(ASSIGNMENT_BULK_ACTIVITIES_MAX).transform(distinct), ...assignFields })
  .strict();
export type PatientActivitiesInput = z.input<typeof patientActivitiesInputSchema>;

/** The changes `PUT /api/assignActivity/{id}` and a bulk update accept (patients: done and favorite only). */
const changeFields = {
  date: assignmentDay().optional(),
  duration: assignmentDuration().optional(),
  description: assignmentDescription().optional(),
  done: z.boolean().optional(),
  favorite: z.boolean().optional(),
  activate: z.boolean().optional(),
  motion: assignmentMotion().optional(),
};
const atLeastOneChange = (value: Record<string, unknown>, context: z.RefinementCtx, ignore: string[] = []) => {
  if (!Object.entries(value).some(([key, item]) => !ignore.includes(key) && item !== undefined))
    context.addIssue({ code: "custom", path: [], message: "Nothing to change." });
};

export const assignmentUpdateSchema = z
  .object(changeFields)
  .strict()
  .superRefine((value, context) => atLeastOneChange(value, context));
export type AssignmentUpdate = z.input<typeof assignmentUpdateSchema>;

/**
 * `POST /api/assign-unassign-activities/`, all in one transaction:
 * - `assign`: every activity to every patient (patients × activities new rows);
 * - `update`: the same changes to the assignments `ids`;
 * - `unassign`: the assignments to remove.
 * Any patient, activity or id outside the caller's scope refuses the whole request.
 */
export const bulkAssignmentSchema = z
  .object({
    assign: z
      .object({
        patients: z.array(userId()).min(1, "Choose at least one patient.").max(ASSIGNMENT_BULK_PATIENTS_MAX).transform(distinct),
        activities: z.array(rowId()).min(1, "Choose at least one activity.").max(ASSIGNMENT_BULK_ACTIVITIES_MAX).transform(distinct),
        ...assignFields,
      })
      .strict()
      .optional(),
    update: z
      .object({ ids: z.array(rowId()).min(1).max(ASSIGNMENT_BULK_IDS_MAX).transform(distinct), ...changeFields })
      .strict()
      .superRefine((value, context) => atLeastOneChange(value, context, ["ids"]))
      .optional(),
    unassign: z.array(rowId()).max(ASSIGNMENT_BULK_IDS_MAX).transform(distinct).default([]),
  })
  .strict()
  .superRefine((value, context) => {
    if (!value.assign && !value.update && value.unassign.length === 0)
      context.addIssue({ code: "custom", path: [], message: "Give activities to assign, assignments to update, or assignments to unassign." });
    if (value.assign && value.assign.patients.length * value.assign.activities.length > ASSIGNMENT_BULK_ROWS_MAX)
      context.addIssue({ code: "custom", path: ["assign"], message: `At most ${ASSIGNMENT_BULK_ROWS_MAX} assignments in one request.` });
    if (value.update?.ids.some((id) => value.unassign.includes(id)))
      context.addIssue({ code: "custom", path: ["unassign"], message: "An assignment cannot be updated and unassigned at once." });
  });
export type BulkAssignmentInput = z.input<typeof bulkAssignmentSchema>;

export const bulkAssignmentResultSchema = z.object({
  /** The rows created, then the rows updated. */
  data: z.array(assignedActivitySchema),
  unassigned: z.array(z.number().int()),
});
export type BulkAssignmentResult = z.infer<typeof bulkAssignmentResultSchema>;

/**
 * `POST /api/assignActivity/{id}` ("replicate and update"): a new assignment copied from
 * `{id}` to another `date` and/or `patient`, optionally with another duration, description
 * or activate. The copy starts not done, not favourite, without a result.
 */
export const assignmentReplicateSchema = z
  .object({
    date: assignmentDay().optional(),
    patient: userId().optional(),
    duration: assignmentDuration().optional(),
    description: assignmentDescription().optional(),
    activate: z.boolean().optional(),
    motion: assignmentMotion().optional(),
  })
  .strict()
  .superRefine((value, context) => {
    if (!value.date && !value.patient) context.addIssue({ code: "custom", path: ["date"], message: "Give the date or the patient to copy to." });
  });
export type AssignmentReplicate = z.input<typeof assignmentReplicateSchema>;

const RESULT_KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/** A game's or the patient's report: known fields typed, a few more small values allowed, bounded in size. */
export const assignmentResultSchema = z
  .object({
    score: z.number().finite().optional(),
    maxScore: z.number().finite().optional(),
    seconds: z.number().finite().min(0).max(86_400).optional(),
    note: storableText(ASSIGNMENT_NOTE_MAX)
      .transform((value) => value.trim())
      .optional(),
  })
  .catchall(z.union([z.number().finite(), z.boolean(), storableText(200), z.null()]))
  .superRefine((value, context) => {
    const keys = Object.keys(value);
    if (keys.length > ASSIGNMENT_RESULT_MAX_KEYS) context.addIssue({ code: "custom", path: [], message: `At most ${ASSIGNMENT_RESULT_MAX_KEYS} values.` });
    const bad = keys.find((key) => !RESULT_KEY.test(key));
    if (bad) context.addIssue({ code: "custom", path: [bad], message: "Use letters, digits and underscores for names." });
    if (new TextEncoder().encode(JSON.stringify(value)).length > ASSIGNMENT_RESULT_MAX_BYTES)
      context.addIssue({ code: "custom", path: [], message: `The result can be at most ${ASSIGNMENT_RESULT_MAX_BYTES} bytes.` });
  });
export type AssignmentResult = z.input<typeof assignmentResultSchema>;

/**
 * `POST /api/replyActivity/`: the patient reports assignment `id` done, with its result. A game
 * also sends its played session (`game`): every trial, from which the server computes the
 * session's metrics; the session's own id makes a retried send harmless.
 */
/**
 * The refusals of a patient's own actions on an assignment (reply, favourite, done) that only the
 * server can decide; the screens translate them by key. A 409 carries `{ detail, code }`, the
 * code being the key; the 403 carries `{ detail }`.
 */
export const ASSIGNMENT_REFUSALS = {
  /** The therapist deactivated it after the patient's app last saw it (an offline action sent late): nothing is written. */
  assignmentInactive: "Your therapist has paused this activity, so this was not saved.",
  notYourAssignment: "This activity is assigned to another patient.",
} as const;
export type AssignmentRefusal = keyof typeof ASSIGNMENT_REFUSALS;

export const replyActivitySchema = z.object({ id: rowId(), result: assignmentResultSchema.default({}), game: sessionResultSchema.optional() }).strict();
export type ReplyActivityInput = z.input<typeof replyActivitySchema>;
