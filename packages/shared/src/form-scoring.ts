import { isRealDate } from "./memberships.ts";
import {
  FORM_MESSAGES,
  type FormAnswers,
  type FormAnswerValue,
  type FormDefinition,
  type FormField,
  type FormScore,
  type FormScoreMethod,
  formMessage,
  isScored,
  LONG_TEXT_MAX,
  type ScoreRange,
  SHORT_TEXT_MAX,
} from "./forms.ts";

/**
 * Checking and scoring answers to a form version. The server runs both on every save and
 * submit and stores the score; the builder's preview runs them too, so a therapist sees the
 * score a patient's answers would get.
 */

/** Scores are kept to two decimals: a mean of 16 items is 66.88, not 66.875000001. */
const round = (value: number) => Math.round(value * 100) / 100;

/** Field errors keyed `answers.<question key>`, as the API answers them. */
export type AnswerErrors = Record<string, string[]>;

function isEmpty(value: FormAnswerValue | undefined): boolean {
  return value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);
}

/**
 * The answer to one question, or undefined when there is none. Only the answers' own keys
 * count: a question keyed `constructor` or `toString` must not read what every object inherits.
 */
function answerOf(answers: FormAnswers, key: string): FormAnswerValue | undefined {
  return Object.hasOwn(answers, key) ? answers[key] : undefined;
}

/** Whether `value` sits on a number or scale question's grid (min, or 0, plus whole steps). */
function onStep(value: number, step: number, base: number): boolean {
  const steps = (value - base) / step;
  // Typed decimals are not exact in binary: near 100 000 a cent step is off by more than 1e-9 steps.
  const slack = Math.max(1e-9, (8 * Number.EPSILON * Math.max(Math.abs(value), Math.abs(base))) / step);
  return Math.abs(steps - Math.round(steps)) <= slack;
}

/** The one message for an answer this question cannot take, or null when it can. */
function answerError(field: FormField, value: FormAnswerValue): string | null {
  switch (field.type) {
    case "section":
      return FORM_MESSAGES.notAField;
    case "shortText":
    case "longText": {
      if (typeof value !== "string") return FORM_MESSAGES.notText;
      return value.length > (field.type === "shortText" ? SHORT_TEXT_MAX : LONG_TEXT_MAX) ? FORM_MESSAGES.tooLong : null;
    }
    case "date":
      return typeof value === "string" && isRealDate(value) ? null : FORM_MESSAGES.notADate;
    case "yesNo":
      return typeof value === "boolean" ? null : FORM_MESSAGES.notYesNo;
    case "singleChoice":
      return typeof value === "string" && field.options.some((option) => option.value === value) ? null : FORM_MESSAGES.notAnOption;
    case "multipleChoice": {
      if (!Array.isArray(value)) return FORM_MESSAGES.notChoices;
      if (new Set(value).size !== value.length) return FORM_MESSAGES.duplicateChoice;
      return value.every((picked) => field.options.some((option) => option.value === picked)) ? null : FORM_MESSAGES.notAnOption;
    }
    case "number":
    case "scale": {
      if (typeof value !== "number" || !Number.isFinite(value)) return FORM_MESSAGES.notANumber;
      const min = field.min;
      const max = field.max;
      if (min !== null && value < min) return formMessage("belowMin", { min });
      if (max !== null && value > max) return formMessage("aboveMax", { max });
      if (field.step !== null && !onStep(value, field.step, min ?? 0)) return formMessage("offStep", { step: field.step, min: min ?? 0 });
      return null;
    }
  }
}

/**
 * Every problem with a set of answers: a key that is no question of this version, an answer a
 * question cannot take, and (when `final`, i.e. on submit) a required question left empty.
 * A draft may leave anything empty.
 */
export function checkAnswers(definition: FormDefinition, answers: FormAnswers, final: boolean): AnswerErrors {
  const errors: AnswerErrors = {};
  const byKey = new Map(definition.fields.map((field) => [field.key, field]));
  for (const [key, value] of Object.entries(answers)) {
    const field = byKey.get(key);
    if (!field || field.type === "section") {
      errors[`answers.${key}`] = [FORM_MESSAGES.notAField];
      continue;
    }
    if (isEmpty(value)) continue;
    const error = answerError(field, value);
    if (error) errors[`answers.${key}`] = [error];
  }
  if (final) {
    for (const field of definition.fields) {
      if (field.required && field.type !== "section" && isEmpty(answerOf(answers, field.key))) errors[`answers.${field.key}`] = [FORM_MESSAGES.required];
    }
  }
  return errors;
}

/** The answers as stored: empty answers dropped, so a draft and its submission read alike. */
export function keptAnswers(answers: FormAnswers): FormAnswers {
  return Object.fromEntries(Object.entries(answers).filter(([, value]) => !isEmpty(value)));
}

/** The points one answered question adds, or null when it is unanswered or unscored. */
export function answerScore(field: FormField, value: FormAnswerValue | undefined): number | null {
  if (!isScored(field) || isEmpty(value)) return null;
  switch (field.type) {
    case "singleChoice":
      return field.options.find((option) => option.value === value)?.score ?? 0;
    case "multipleChoice":
      return (value as string[]).reduce((sum, picked) => sum + (field.options.find((option) => option.value === picked)?.score ?? 0), 0);
    case "scale":
      return value as number;
    case "yesNo":
      return (value ? field.yesScore : field.noScore) ?? 0;
    default:
      return null;
  }
}

/** The lowest and highest points a question can add when answered. */
export function fieldScoreRange(field: FormField): ScoreRange | null {
  if (!isScored(field)) return null;
  switch (field.type) {
    case "singleChoice": {
      const scores = field.options.map((option) => option.score ?? 0);
      return { min: Math.min(...scores), max: Math.max(...scores) };
    }
    case "multipleChoice": {
      // Any set of choices may be picked (at least one when answered): the negatives all picked, or the positives.
      const scores = field.options.map((option) => option.score ?? 0);
      const negatives = scores.filter((score) => score < 0).reduce((sum, score) => sum + score, 0);
      const positives = scores.filter((score) => score > 0).reduce((sum, score) => sum + score, 0);
      return { min: negatives < 0 ? negatives : Math.min(...scores), max: positives > 0 ? positives : Math.max(...scores) };
    }
    case "scale": {
      const top = field.min + Math.floor((field.max - field.min) / field.step) * field.step;
      return { min: field.min, max: top };
    }
    case "yesNo": {
      const scores = [field.yesScore ?? 0, field.noScore ?? 0];
      return { min: Math.min(...scores), max: Math.max(...scores) };
    }
    default:
      return null;
  }
}

/**
 * The range a score over `fields` can take. A sum counts an optional question left empty as 0;
 * a mean is over the answered questions only, so it stays between the lowest and highest
 * any one question can add.
 */
export function scoreRange(fields: FormField[], method: FormScoreMethod): ScoreRange | null {
  const ranges = fields.map((field) => ({ field, range: fieldScoreRange(field) })).filter((entry) => entry.range !== null);
  if (ranges.length === 0) return null;
  if (method === "mean") {
    return { min: Math.min(...ranges.map((entry) => entry.range?.min ?? 0)), max: Math.max(...ranges.map((entry) => entry.range?.max ?? 0)) };
  }
  let min = 0;
  let max = 0;
  for (const { field, range } of ranges) {
    if (!range) continue;
    min += field.required ? range.min : Math.min(range.min, 0);
    max += field.required ? range.max : Math.max(range.max, 0);
  }
  return { min, max };
}

function scoreOver(fields: FormField[], answers: FormAnswers, method: FormScoreMethod): number | null {
  const points = fields.map((field) => answerScore(field, answerOf(answers, field.key))).filter((score): score is number => score !== null);
  const range = scoreRange(fields, method);
  if (points.length === 0 || !range) return null;
  const sum = points.reduce((total, score) => total + score, 0);
  // The exact score is inside the range; rounding to cents must not carry it past an edge.
  return Math.min(range.max, Math.max(range.min, round(method === "mean" ? sum / points.length : sum)));
}

/** The band a total falls in: the last band starting at or below it. */
export function bandOf(bands: FormDefinition["scoring"]["bands"], total: number | null): string | null {
  if (total === null) return null;
  let found: string | null = null;
  for (const band of bands) if (band.from <= total) found = band.label;
  return found;
}

/** The total, its band and the subscales of a set of answers (checked beforehand with `checkAnswers`). */
export function scoreAnswers(definition: FormDefinition, answers: FormAnswers): FormScore {
  const { scoring } = definition;
  const method = scoring.total ?? "sum";
  const scored = definition.fields.filter(isScored);
  const total = scoring.total === null ? null : scoreOver(scored, answers, method);
  return {
    total,
    totalRange: scoring.total === null ? null : scoreRange(scored, method),
    band: bandOf(scoring.bands, total),
    subscales: scoring.subscales.map((subscale) => {
      const fields = scored.filter((field) => subscale.fields.includes(field.key));
      return {
        key: subscale.key,
        name: subscale.name,
        score: scoreOver(fields, answers, method),
        range: scoreRange(fields, method) ?? { min: 0, max: 0 },
      };
    }),
  };
}
