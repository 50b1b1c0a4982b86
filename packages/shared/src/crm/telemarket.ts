import { z } from "zod";
import { dayField, instantField, isTimeZone } from "../appointments.ts";
import { pageQuerySchema, rowId, rowIdParam, storableText, userId } from "../schemas.ts";
import { daysBetween, STATISTICS_MAX_DAYS } from "../statistics.ts";
import { CRM_CALL_OUTCOMES } from "./common.ts";

/**
 * The call centre, calls and meetings, and the telemarketers' statistics (issue 36.4). Instants
 * are ISO 8601 in UTC; the statistics' days are in the zone the screen names.
 */

export const CRM_ACTIVITY_KINDS = ["call", "meeting"] as const;
export type CrmActivityKind = (typeof CRM_ACTIVITY_KINDS)[number];

/** How the call centre's queue moves. */
export const CRM_QUEUE = {
  /** A client who did not answer is due again this many hours later. */
  retryHours: 4,
  /** After this many calls without an answer the client leaves the queue. */
  maxAttempts: 5,
  /** An agent who takes a client keeps them to themself this long. */
  claimMinutes: 15,
} as const;

export const CRM_ACTIVITY_LIMITS = { subjectMax: 200, notesMax: 5000, durationMax: 1440, meetingMin: 5, statisticsDaysMax: STATISTICS_MAX_DAYS } as const;

/** Refusals of the call centre and the calls and meetings; the screens translate them by key. */
export const CRM_TELEMARKET_MESSAGES = {
  outcomeNeeded: "Choose the call's outcome.",
  callBackNeeded: "Choose when to call back.",
  callBackFuture: "Choose a call-back time in the future.",
  callBackOnly: "Only a call-back has a call-back time.",
  meetingNoOutcome: "A meeting has no outcome.",
  meetingFuture: "A meeting starts in the future.",
  meetingLength: `A meeting lasts ${CRM_ACTIVITY_LIMITS.meetingMin} to ${CRM_ACTIVITY_LIMITS.durationMax} minutes.`,
  duration: `Give 0 to ${CRM_ACTIVITY_LIMITS.durationMax} minutes.`,
  sourceNeeded: "Choose an initiative or a list.",
  sourceOne: "Choose an initiative or a list, not both.",
  initiativeUnknown: "Choose one of the clinic's initiatives.",
  initiativeNotYours: "This initiative is another agent's.",
  agentUnknown: "Choose one of the clinic's agents.",
  claimedByOther: "Another agent is calling this client now.",
  notClaimed: "Take this client from the queue first.",
  closed: "This client's calls are over in this queue.",
  range: "The end date must be on or after the start date.",
  rangeLong: "The range may span at most 5 years.",
} as const;
export type CrmTelemarketMessage = keyof typeof CRM_TELEMARKET_MESSAGES;

const duration = () =>
  z
    .number({ error: CRM_TELEMARKET_MESSAGES.duration })
    .int(CRM_TELEMARKET_MESSAGES.duration)
    .min(0, CRM_TELEMARKET_MESSAGES.duration)
    .max(CRM_ACTIVITY_LIMITS.durationMax, CRM_TELEMARKET_MESSAGES.duration);

/** What a call or a meeting says, whatever its kind (the kind's rules: `crmActivityProblems`). */
const activityFields = {
  at: instantField(),
  durationMinutes: duration(),
  subject: storableText(CRM_ACTIVITY_LIMITS.subjectMax).default(""),
  notes: storableText(CRM_ACTIVITY_LIMITS.notesMax).default(""),
  outcome: z.enum(CRM_CALL_OUTCOMES).nullable().optional(),
  callBackAt: instantField().nullable().optional(),
  initiativeId: rowId().nullable().optional(),
  /** Whose call or meeting: the caller's unless a CRM admin names one of the clinic's agents. */
  agentId: userId().nullable().optional(),
};

/**
 * The rules of a call or a meeting (spec §3 meetCall), as field → message: a call has an
 * outcome, a call-back a time to call back in the future; a meeting no outcome, a length, and
 * (when its start is set or moved) a start in the future. An edit leaves a time it does not
 * change as it was, past or not.
 */
export function crmActivityProblems(
  kind: CrmActivityKind,
  value: { at?: string; durationMinutes?: number; outcome?: string | null; callBackAt?: string | null },
  options: { now?: number; startChanged?: boolean; callBackChanged?: boolean } = {},
): Partial<Record<"outcome" | "callBackAt" | "at" | "durationMinutes", string>> {
  const now = options.now ?? Date.now();
  const problems: Partial<Record<"outcome" | "callBackAt" | "at" | "durationMinutes", string>> = {};
  if (kind === "call") {
    if (!value.outcome) problems.outcome = CRM_TELEMARKET_MESSAGES.outcomeNeeded;
    else if (value.outcome === "call_back") {
      if (!value.callBackAt) problems.callBackAt = CRM_TELEMARKET_MESSAGES.callBackNeeded;
      else if ((options.callBackChanged ?? true) && Date.parse(value.callBackAt) <= now) problems.callBackAt = CRM_TELEMARKET_MESSAGES.callBackFuture;
    } else if (value.callBackAt) problems.callBackAt = CRM_TELEMARKET_MESSAGES.callBackOnly;
  } else {
    if (value.outcome) problems.outcome = CRM_TELEMARKET_MESSAGES.meetingNoOutcome;
    if (value.callBackAt) problems.callBackAt = CRM_TELEMARKET_MESSAGES.callBackOnly;
    if ((value.durationMinutes ?? 0) < CRM_ACTIVITY_LIMITS.meetingMin) problems.durationMinutes = CRM_TELEMARKET_MESSAGES.meetingLength;
    if ((options.startChanged ?? true) && value.at && Date.parse(value.at) <= now) problems.at = CRM_TELEMARKET_MESSAGES.meetingFuture;
  }
  return problems;
}

const addProblems = (problems: Record<string, string | undefined>, context: z.RefinementCtx) => {
  for (const [path, message] of Object.entries(problems)) if (message) context.addIssue({ code: "custom", path: [path], message });
};

/** A call logged or a meeting booked on a client (`POST /api/crm/activities`). */
export const crmActivityInputSchema = z
  .object({ clientId: rowId(), kind: z.enum(CRM_ACTIVITY_KINDS), ...activityFields })
  .strict()
  .superRefine((value, context) => addProblems(crmActivityProblems(value.kind, value), context));
export type CrmActivityInput = z.input<typeof crmActivityInputSchema>;

/** A call or a meeting changed (`PUT`): its client and kind stay; the kind's rules apply on the server. */
export const crmActivityUpdateSchema = z.object(activityFields).strict();
export type CrmActivityUpdate = z.input<typeof crmActivityUpdateSchema>;

export const CRM_ACTIVITY_SORTS = ["recent", "upcoming"] as const;

export const crmActivitiesQuerySchema = pageQuerySchema
  .extend({
    clientId: rowIdParam().optional(),
    agentId: userId().optional(),
    kind: z.enum(CRM_ACTIVITY_KINDS).optional(),
    /** From this instant on (inclusive) and before `to`. */
    since: instantField().optional(),
    to: instantField().optional(),
    /** recent: latest first; upcoming: soonest first (a calendar of meetings). */
    sort: z.enum(CRM_ACTIVITY_SORTS).default("recent"),
  })
  .strict();
export type CrmActivitiesQuery = z.output<typeof crmActivitiesQuerySchema>;

export const crmActivitySchema = z.object({
  id: z.number().int(),
  kind: z.enum(CRM_ACTIVITY_KINDS),
  clientId: z.number().int(),
  clientName: z.string(),
  agentId: z.string().nullable(),
  agentName: z.string().nullable(),
  initiativeId: z.number().int().nullable(),
  listId: z.number().int().nullable(),
  at: z.string(),
  durationMinutes: z.number().int(),
  outcome: z.enum(CRM_CALL_OUTCOMES).nullable(),
  callBackAt: z.string().nullable(),
  subject: z.string(),
  notes: z.string(),
});
export type CrmActivity = z.infer<typeof crmActivitySchema>;

// ---------------------------------------------------------------- the call centre

export const CRM_SOURCE_KINDS = ["initiative", "list"] as const;
export type CrmSourceKind = (typeof CRM_SOURCE_KINDS)[number];

/** An initiative or a list the caller may work, with where its clients stand. */
export const crmCallSourceSchema = z.object({
  kind: z.enum(CRM_SOURCE_KINDS),
  id: z.number().int(),
  title: z.string(),
  clinicId: z.string(),
  /** Its clients. */
  clients: z.number().int(),
  /** Not closed yet (called again later, or never called). */
  open: z.number().int(),
  /** Open, with consent, due now and nobody else's on the phone. */
  dueNow: z.number().int(),
  closed: z.number().int(),
});
export type CrmCallSource = z.infer<typeof crmCallSourceSchema>;
export const crmCallSourcesSchema = z.array(crmCallSourceSchema);

/** An initiative's or a list's queue (`{ initiativeId }` or `{ listId }`). */
export const crmNextCallSchema = z
  .object({ initiativeId: rowId().optional(), listId: rowId().optional() })
  .strict()
  .superRefine((value, context) => {
    if (value.initiativeId === undefined && value.listId === undefined)
      context.addIssue({ code: "custom", path: ["initiativeId"], message: CRM_TELEMARKET_MESSAGES.sourceNeeded });
    if (value.initiativeId !== undefined && value.listId !== undefined)
      context.addIssue({ code: "custom", path: ["listId"], message: CRM_TELEMARKET_MESSAGES.sourceOne });
  });
export type CrmNextCall = z.input<typeof crmNextCallSchema>;

export const crmQueueEntrySchema = z.object({
  id: z.number().int(),
  state: z.enum(["open", "closed"]),
  attempts: z.number().int(),
  lastOutcome: z.enum(CRM_CALL_OUTCOMES).nullable(),
  dueAt: z.string().nullable(),
  claimedUntil: z.string().nullable(),
});
export type CrmQueueEntry = z.infer<typeof crmQueueEntrySchema>;

/** What the agent sees of the client on the phone. */
export const crmCallClientSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["person", "organisation"]),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  organisation: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  city: z.string(),
  consent: z.boolean(),
  tags: z.array(z.string()),
});
export type CrmCallClient = z.infer<typeof crmCallClientSchema>;

/** One line of a client's recent history: a call, a meeting or a note. */
export const crmRecentItemSchema = z.object({
  kind: z.enum(["call", "meeting", "note"]),
  id: z.number().int(),
  at: z.string(),
  title: z.string(),
  outcome: z.enum(CRM_CALL_OUTCOMES).nullable(),
  notes: z.string(),
  by: z.string().nullable(),
});
export type CrmRecentItem = z.infer<typeof crmRecentItemSchema>;

export const crmNextCallAnswerSchema = z.union([
  z.object({
    entry: crmQueueEntrySchema,
    client: crmCallClientSchema,
    recent: z.array(crmRecentItemSchema),
    source: z.object({ kind: z.enum(CRM_SOURCE_KINDS), id: z.number().int(), title: z.string() }),
  }),
  /** Nobody is due: when the next one is (null: the queue is done). */
  z.object({ entry: z.null(), nextDueAt: z.string().nullable() }),
]);
export type CrmNextCallAnswer = z.infer<typeof crmNextCallAnswerSchema>;

/** The outcome of the call to a queue's client. */
export const crmCallOutcomeSchema = z
  .object({
    outcome: z.enum(CRM_CALL_OUTCOMES),
    callBackAt: instantField().nullable().optional(),
    notes: storableText(CRM_ACTIVITY_LIMITS.notesMax).default(""),
    durationMinutes: duration().default(0),
  })
  .strict()
  .superRefine((value, context) => addProblems(crmActivityProblems("call", value), context));
export type CrmCallOutcomeInput = z.input<typeof crmCallOutcomeSchema>;

export const crmCallLoggedSchema = z.object({ entry: crmQueueEntrySchema, activity: crmActivitySchema });
export type CrmCallLogged = z.infer<typeof crmCallLoggedSchema>;

// ---------------------------------------------------------------- statistics

export const crmTelemarketStatsQuerySchema = z
  .object({
    since: dayField(),
    to: dayField(),
    agentId: userId().optional(),
    /** The zone the days are counted in (the screen's); UTC when left out. */
    timeZone: z.string().max(64).refine(isTimeZone, "Choose a valid time zone.").default("UTC"),
    clinicId: userId().optional(),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.since > value.to) context.addIssue({ code: "custom", path: ["to"], message: CRM_TELEMARKET_MESSAGES.range });
    else if (daysBetween(value.since, value.to) > CRM_ACTIVITY_LIMITS.statisticsDaysMax)
      context.addIssue({ code: "custom", path: ["to"], message: CRM_TELEMARKET_MESSAGES.rangeLong });
  });
export type CrmTelemarketStatsQuery = z.output<typeof crmTelemarketStatsQuerySchema>;

export const crmTelemarketerStatsSchema = z.object({
  agentId: z.string(),
  name: z.string(),
  calls: z.number().int(),
  /** Calls someone answered: answered, not interested, converted or asked to be called back. */
  contacted: z.number().int(),
  /** contacted / calls (0 without calls). */
  contactRate: z.number(),
  conversions: z.number().int(),
  /** conversions / calls (0 without calls). */
  conversionRate: z.number(),
  meetings: z.number().int(),
});
export type CrmTelemarketerStats = z.infer<typeof crmTelemarketerStatsSchema>;

export const crmTelemarketStatsSchema = z.object({
  agents: z.array(crmTelemarketerStatsSchema),
  days: z.array(z.object({ day: z.string(), calls: z.number().int(), contacted: z.number().int(), conversions: z.number().int() })),
});
export type CrmTelemarketStats = z.infer<typeof crmTelemarketStatsSchema>;

export const crmSourcesQuerySchema = z.object({ clinicId: userId().optional() }).strict();
export const crmQueueEntryParamSchema = z.object({ id: rowIdParam() }).strict();
