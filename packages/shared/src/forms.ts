import { z } from "zod";
import { LANGUAGES } from "./constants.ts";
import { isRealDate } from "./memberships.ts";
import { requiredText, rowId, storableText, userId } from "./schemas.ts";

/**
 * Dynamic forms (issue 17, spec §3, §5, §7): questionnaires a clinic builds or copies from the
 * platform's validated ones, assigns to patients, and scores. A form's fields and scoring live
 * in a version; editing a form that has answers makes a new version, so old answers keep the
 * questions they answered. Scoring itself is in `form-scoring.ts`, shared by the server (which
 * alone stores scores) and the builder's preview.
 */

/** The field messages of forms, in English as the API answers them; the web app translates them by key. */
export const FORM_MESSAGES = {
  required: "This answer is required.",
  notAField: "Not a question of this form.",
  notAnOption: "Not one of this question's choices.",
  duplicateChoice: "A choice is picked twice.",
  notANumber: "Enter a number.",
  belowMin: "Must be at least {min}.",
  aboveMax: "Must be at most {max}.",
  offStep: "Must be a multiple of {step} from {min}.",
  notText: "Enter text.",
  tooLong: "Too long.",
  notADate: "Enter a date as YYYY-MM-DD.",
  notYesNo: "Answer yes or no.",
  notChoices: "Pick one or more choices.",
  duplicateKey: "Two questions share this key.",
  duplicateOptionValue: "Two choices share this value.",
  minAboveMax: "The minimum must be below the maximum.",
  tooManyPoints: "A scale has at most 101 points.",
  needsOptions: "Add at least two choices.",
  unknownField: "Not a scored question of this form.",
  duplicateSubscale: "Two subscales share this key.",
  bandsOrder: "Bands must start at rising scores.",
  bandsNeedTotal: "Bands need a total score.",
  noQuestions: "Add at least one question.",
  formHasAnswers: "This form has answers: archive it instead of deleting it.",
  standardForm: "A validated questionnaire cannot be changed: make a copy to adapt it.",
  archived: "This form is archived.",
  alreadySubmitted: "This form has already been submitted.",
  formChanged: "This form's questions changed after these answers were written: open it again to answer the new questions.",
  notSubmitted: "Only a submitted form can be reviewed.",
  notAssignedToYou: "This form is not assigned to you.",
  sinceAfterTo: "Must be on or after the start date.",
} as const;
export type FormMessage = keyof typeof FORM_MESSAGES;

/** The key of one of the messages above (placeholders filled or not), or null for any other text. */
export function formMessageKey(message: string): FormMessage | null {
  for (const [key, text] of Object.entries(FORM_MESSAGES)) {
    const pattern = new RegExp(`^${text.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{\w+\\?\}/g, ".+")}$`);
    if (pattern.test(message)) return key as FormMessage;
  }
  return null;
}

/** Fills `{name}` placeholders of a message. */
export function formMessage(key: FormMessage, values: Record<string, string | number> = {}): string {
  return FORM_MESSAGES[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export const FORM_FIELD_TYPES = ["shortText", "longText", "number", "singleChoice", "multipleChoice", "scale", "date", "yesNo", "section"] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export const FORM_NAME_MAX = 100;
export const FORM_DESCRIPTION_MAX = 2000;
export const FORM_LABEL_MAX = 500;
export const FORM_HELP_MAX = 1000;
export const FORM_FIELDS_MAX = 200;
export const FORM_OPTIONS_MAX = 50;
export const SHORT_TEXT_MAX = 500;
export const LONG_TEXT_MAX = 5000;
/** A score a choice carries, and a scale's or number's bounds: small enough that sums stay exact. */
const SCORE_LIMIT = 100_000;
/** Points of a scale (0–100 is 101 points). */
export const SCALE_POINTS_MAX = 101;

/** A question's or choice's key: stable across versions, so answers name the question, not its position. */
export const formKeySchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "Use 1 to 40 letters, digits, - or _.");

const scoreValue = () => z.number().finite().min(-SCORE_LIMIT).max(SCORE_LIMIT);

export const formOptionSchema = z
  .object({
    value: formKeySchema,
    label: requiredText(FORM_LABEL_MAX),
    /** Points this choice adds to the scores; a choice field with no score on any choice is not scored. */
    score: scoreValue().nullable().default(null),
  })
  .strict();
export type FormOption = z.output<typeof formOptionSchema>;

const fieldBase = {
  key: formKeySchema,
  label: requiredText(FORM_LABEL_MAX),
  help: storableText(FORM_HELP_MAX).default(""),
  required: z.boolean().default(false),
};

export const formFieldSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("shortText"), ...fieldBase }).strict(),
  z.object({ type: z.literal("longText"), ...fieldBase }).strict(),
  z
    .object({
      type: z.literal("number"),
      ...fieldBase,
      min: scoreValue().nullable().default(null),
      max: scoreValue().nullable().default(null),
      /** Answers must be min (or 0) plus a multiple of it; null takes any number. */
      step: z.number().finite().positive().max(SCORE_LIMIT).nullable().default(null),
    })
    .strict(),
  z.object({ type: z.literal("singleChoice"), ...fieldBase, options: z.array(formOptionSchema).max(FORM_OPTIONS_MAX) }).strict(),
  z.object({ type: z.literal("multipleChoice"), ...fieldBase, options: z.array(formOptionSchema).max(FORM_OPTIONS_MAX) }).strict(),
  z
    .object({
      type: z.literal("scale"),
      ...fieldBase,
      min: z.number().int().min(-SCORE_LIMIT).max(SCORE_LIMIT),
      max: z.number().int().min(-SCORE_LIMIT).max(SCORE_LIMIT),
      step: z.number().int().positive().max(SCORE_LIMIT).default(1),
      minLabel: storableText(100).default(""),
      maxLabel: storableText(100).default(""),
      /** A labelled Likert scale: one label per point, from min to max; empty shows the numbers. */
      pointLabels: z.array(storableText(100)).max(SCALE_POINTS_MAX).default([]),
      /** The chosen point counts towards the scores. */
      scored: z.boolean().default(true),
    })
    .strict(),
  z.object({ type: z.literal("date"), ...fieldBase }).strict(),
  z
    .object({
      type: z.literal("yesNo"),
      ...fieldBase,
      /** Points for yes and for no; both null: not scored. */
      yesScore: scoreValue().nullable().default(null),
      noScore: scoreValue().nullable().default(null),
    })
    .strict(),
  /** A heading between questions: no answer. */
  z.object({ type: z.literal("section"), ...fieldBase }).strict(),
]);
export type FormFieldInput = z.input<typeof formFieldSchema>;
export type FormField = z.output<typeof formFieldSchema>;

export const FORM_SCORE_METHODS = ["sum", "mean"] as const;
export type FormScoreMethod = (typeof FORM_SCORE_METHODS)[number];

export const formSubscaleSchema = z
  .object({
    key: formKeySchema,
    name: requiredText(100),
    /** Keys of scored questions. */
    fields: z.array(formKeySchema).min(1).max(FORM_FIELDS_MAX),
  })
  .strict();
export type FormSubscale = z.output<typeof formSubscaleSchema>;

/** An interpretation band: a total from `from` up to the next band's `from` reads as `label`. */
export const formBandSchema = z.object({ from: scoreValue(), label: requiredText(100) }).strict();
export type FormBand = z.output<typeof formBandSchema>;

export const formScoringSchema = z
  .object({
    /** The total over every scored question (sum, or mean of the answered ones); null: no total. */
    total: z.enum(FORM_SCORE_METHODS).nullable().default(null),
    subscales: z.array(formSubscaleSchema).max(20).default([]),
    bands: z.array(formBandSchema).max(20).default([]),
  })
  .strict();
export type FormScoring = z.output<typeof formScoringSchema>;

/** The questions and scoring of one version of a form. */
export interface FormDefinition {
  fields: FormField[];
  scoring: FormScoring;
}

/** Checks what one field alone cannot: unique keys, choices, ranges, subscales naming scored questions. */
function checkDefinition(definition: FormDefinition, context: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => context.addIssue({ code: "custom", path, message });
  const keys = new Set<string>();
  const scoredKeys = new Set<string>();
  const questions = definition.fields.filter((field) => field.type !== "section");
  if (questions.length === 0) issue(["fields"], FORM_MESSAGES.noQuestions);
  definition.fields.forEach((field, index) => {
    if (keys.has(field.key)) issue(["fields", index, "key"], FORM_MESSAGES.duplicateKey);
    keys.add(field.key);
    if (field.type === "singleChoice" || field.type === "multipleChoice") {
      if (field.options.length < 2) issue(["fields", index, "options"], FORM_MESSAGES.needsOptions);
      const values = new Set<string>();
      field.options.forEach((option, optionIndex) => {
        if (values.has(option.value)) issue(["fields", index, "options", optionIndex, "value"], FORM_MESSAGES.duplicateOptionValue);
        values.add(option.value);
      });
    }
    if ((field.type === "number" && field.min !== null && field.max !== null && field.min > field.max) || (field.type === "scale" && field.min >= field.max)) {
      issue(["fields", index, "max"], FORM_MESSAGES.minAboveMax);
    }
    if (field.type === "scale" && field.min < field.max && Math.floor((field.max - field.min) / field.step) + 1 > SCALE_POINTS_MAX) {
      issue(["fields", index, "step"], FORM_MESSAGES.tooManyPoints);
    }
    if (isScored(field)) scoredKeys.add(field.key);
  });
  const subscaleKeys = new Set<string>();
  definition.scoring.subscales.forEach((subscale, index) => {
    if (subscaleKeys.has(subscale.key)) issue(["scoring", "subscales", index, "key"], FORM_MESSAGES.duplicateSubscale);
    subscaleKeys.add(subscale.key);
    subscale.fields.forEach((key, fieldIndex) => {
      if (!scoredKeys.has(key)) issue(["scoring", "subscales", index, "fields", fieldIndex], FORM_MESSAGES.unknownField);
    });
  });
  const { bands } = definition.scoring;
  if (bands.length > 0 && definition.scoring.total === null) issue(["scoring", "bands"], FORM_MESSAGES.bandsNeedTotal);
  bands.forEach((band, index) => {
    const previous = bands[index - 1];
    if (previous && band.from <= previous.from) issue(["scoring", "bands", index, "from"], FORM_MESSAGES.bandsOrder);
  });
}

/** Whether a question adds to the scores. */
export function isScored(field: FormField): boolean {
  switch (field.type) {
    case "singleChoice":
    case "multipleChoice":
      return field.options.some((option) => option.score !== null);
    case "scale":
      return field.scored;
    case "yesNo":
      return field.yesScore !== null || field.noScore !== null;
    default:
      return false;
  }
}

export const formDefinitionSchema = z
  .object({ fields: z.array(formFieldSchema).max(FORM_FIELDS_MAX), scoring: formScoringSchema.default({ total: null, subscales: [], bands: [] }) })
  .strict()
  .superRefine(checkDefinition);

/** `POST /api/create-form/`, `PUT /api/delete-update-form/{id}`. */
export const formInputSchema = z
  .object({
    name: requiredText(FORM_NAME_MAX),
    description: requiredText(FORM_DESCRIPTION_MAX),
    /** The language its questions are written in. */
    language: z.enum(LANGUAGES),
    fields: z.array(formFieldSchema).max(FORM_FIELDS_MAX),
    scoring: formScoringSchema.default({ total: null, subscales: [], bands: [] }),
  })
  .strict()
  .superRefine(checkDefinition);
export type FormInput = z.input<typeof formInputSchema>;
export type FormInputParsed = z.output<typeof formInputSchema>;

/** The lowest and highest score a set of answers can reach. */
export const scoreRangeSchema = z.object({ min: z.number(), max: z.number() });
export type ScoreRange = z.infer<typeof scoreRangeSchema>;

/** A form in lists: no questions. */
export const formSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  language: z.enum(LANGUAGES),
  /** Null: the platform's own form, which every clinic sees. */
  clinicId: z.string().nullable(),
  /** A validated questionnaire the platform ships: read-only, copy it to adapt it. */
  standard: z.boolean(),
  archived: z.boolean(),
  /** The current version's number (1, 2, …). */
  version: z.number().int(),
  questionCount: z.number().int(),
  /** Whether the caller may edit, archive or delete it. */
  editable: z.boolean(),
  updatedAt: z.string(),
});
export type FormSummary = z.infer<typeof formSummarySchema>;

export const formSchema = formSummarySchema.extend({
  versionId: z.number().int(),
  fields: z.array(formFieldSchema),
  scoring: formScoringSchema,
  /** The total's range (null without a total). */
  totalRange: scoreRangeSchema.nullable(),
  /** How many assignments hold answers (drafts included): editing then makes a new version. */
  answeredCount: z.number().int(),
});
export type DynamicForm = z.infer<typeof formSchema>;

/**
 * `GET /api/forms/`: spec §7 names page, offset and limit; `page` is 1-based and `offset`, when
 * given, wins over it. `archived` lists the archived forms instead of the others.
 */
export const formsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  archived: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .default(false),
});
export type FormsQuery = z.output<typeof formsQuerySchema>;

/** Spec §3: "dynamic forms use the total count as page". */
export const formsPageSchema = z.object({ data: z.array(formSummarySchema), page: z.number().int(), total: z.number().int() });
export type FormsPage = z.infer<typeof formsPageSchema>;

/** `{q}` of `GET /api/search-form/{q}/`: 1 to 100 characters, none a control character (a path segment, so bounded by a pattern). */
export const formSearchParamsSchema = z.object({
  q: z
    .string()
    .regex(/^\P{Cc}{1,100}$/u, "Enter 1 to 100 characters.")
    .max(100),
});
export const formArchiveSchema = z.object({ archived: z.boolean() }).strict();

/** `GET /api/fields/{id}`: the questions of a form's current version. */
export const formFieldsSchema = z.object({
  formId: z.number().int(),
  versionId: z.number().int(),
  version: z.number().int(),
  fields: z.array(formFieldSchema),
});
export type FormFields = z.infer<typeof formFieldsSchema>;

// ---------------------------------------------------------------------------------------------
// Assignments and answers

export const FORM_ASSIGNMENT_STATES = ["assigned", "inProgress", "submitted", "reviewed"] as const;
export type FormAssignmentState = (typeof FORM_ASSIGNMENT_STATES)[number];

const day = () => z.string({ error: FORM_MESSAGES.notADate }).refine(isRealDate, FORM_MESSAGES.notADate);

/** `POST /api/assignDynamicForm/`: one form to one or many patients, due on a day or not. */
export const formAssignInputSchema = z
  .object({
    form: rowId(),
    patients: z.array(userId()).min(1).max(200),
    dueDate: day().nullable().default(null),
  })
  .strict();
export type FormAssignInput = z.input<typeof formAssignInputSchema>;

/** One answer: text and dates as strings, numbers and scale points as numbers, yes/no as booleans, several choices as a list. */
export const formAnswerValueSchema = z.union([
  z.string().max(LONG_TEXT_MAX),
  z.number().finite(),
  z.boolean(),
  z.array(z.string().max(40)).max(FORM_OPTIONS_MAX),
  z.null(),
]);
export type FormAnswerValue = z.infer<typeof formAnswerValueSchema>;
export const formAnswersSchema = z
  .record(z.string().max(40), formAnswerValueSchema)
  .refine((answers) => Object.keys(answers).length <= FORM_FIELDS_MAX, FORM_MESSAGES.tooLong);
export type FormAnswers = z.infer<typeof formAnswersSchema>;

/** A stamp of one version's questions and scoring ("<version id>.<16 hex digits>"): it changes whenever they do. */
export const formVersionSchema = z.string().regex(/^\d{1,10}\.[0-9a-f]{16}$/, "Send the formVersion of the form as it was read.");

/** `POST /api/resolved-form/`: saves a draft, or submits once (`submit: true`). */
export const resolvedFormInputSchema = z
  .object({
    assignment: rowId(),
    answers: formAnswersSchema,
    submit: z.boolean().default(false),
    /**
     * The resolved form's `formVersion` the answers were written against (an offline draft sent
     * later): when the questions have changed since, the answers are refused (409 formChanged).
     */
    formVersion: formVersionSchema.optional(),
  })
  .strict();
export type ResolvedFormInput = z.input<typeof resolvedFormInputSchema>;

export const formScoreSchema = z.object({
  total: z.number().nullable(),
  totalRange: scoreRangeSchema.nullable(),
  band: z.string().nullable(),
  subscales: z.array(z.object({ key: z.string(), name: z.string(), score: z.number().nullable(), range: scoreRangeSchema })),
});
export type FormScore = z.infer<typeof formScoreSchema>;

const personSchema = z.object({ id: z.string(), name: z.string() });

/** An assigned form as lists show it (`get-forms`, results): no questions, no answers. */
export const formAssignmentSchema = z.object({
  id: z.number().int(),
  formId: z.number().int(),
  formName: z.string(),
  language: z.enum(LANGUAGES),
  versionId: z.number().int(),
  version: z.number().int(),
  patient: personSchema,
  assignedBy: personSchema.nullable(),
  assignedAt: z.string(),
  dueDate: z.string().nullable(),
  overdue: z.boolean(),
  state: z.enum(FORM_ASSIGNMENT_STATES),
  submittedAt: z.string().nullable(),
  /** Who submitted: the patient, or staff answering on their behalf. */
  submittedBy: personSchema.nullable(),
  score: formScoreSchema.nullable(),
  reviewedAt: z.string().nullable(),
  reviewedBy: personSchema.nullable(),
  reviewNote: z.string(),
});
export type FormAssignment = z.infer<typeof formAssignmentSchema>;

/** One assignment with the questions of the version it answers and its answers (draft or final). */
export const resolvedFormSchema = formAssignmentSchema.extend({
  description: z.string(),
  fields: z.array(formFieldSchema),
  scoring: formScoringSchema,
  answers: formAnswersSchema,
  /** Whether the caller may still answer it (its patient, or staff with answer_all_forms). */
  answerable: z.boolean(),
  /**
   * The questions' stamp: send it back with answers written offline, so that answers to questions
   * changed meanwhile (in place, or moved to a new version) are refused rather than misread.
   */
  formVersion: formVersionSchema,
});
export type ResolvedForm = z.infer<typeof resolvedFormSchema>;

export const formAssignResultSchema = z.object({ assigned: z.number().int(), data: z.array(formAssignmentSchema) });

/** `GET /api/get-forms/?patient=`: a patient's assigned forms (patients: their own, `patient` left out). */
export const assignedFormsQuerySchema = z.object({ patient: userId().optional() });

/** Results lists: `q` searches the form's name and the patient's name; days are inclusive. */
const formResultsQueryObject = z.object({
  q: storableText(100)
    .transform((value) => value.trim())
    .optional(),
  since: day().optional(),
  to: day().optional(),
  patient: userId().optional(),
  form: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  rowsPerPage: z.coerce.number().int().min(1).max(100).default(20),
});
function sinceNotAfterTo(query: { since?: string; to?: string }, context: z.RefinementCtx): void {
  if (query.since && query.to && query.since > query.to) context.addIssue({ code: "custom", path: ["to"], message: FORM_MESSAGES.sinceAfterTo });
}
export const formResultsQuerySchema = formResultsQueryObject.superRefine(sinceNotAfterTo);
export type FormResultsQuery = z.output<typeof formResultsQuerySchema>;

export const formResultsPageSchema = z.object({ data: z.array(formAssignmentSchema), page: z.number().int(), total: z.number().int() });

/** `GET /api/resolved-dynamic-Form/{a}/{b}/`: patient `a`'s submitted answers to form `b`, oldest first (the chart). */
export const patientFormParamsSchema = z.object({ a: userId(), b: z.coerce.number().int().positive().max(2_147_483_647) });

export const formReviewInputSchema = z.object({ note: storableText(2000).transform((value) => value.trim()) }).strict();

export const formExportQuerySchema = formResultsQueryObject.extend({ format: z.enum(["csv", "xlsx"]).default("csv") }).superRefine(sinceNotAfterTo);
