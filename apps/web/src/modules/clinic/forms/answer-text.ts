import type { FormAnswerValue, FormField } from "@clinic/shared";
import { formatNumber } from "./results/format.ts";

/**
 * The one answer-as-text of the forms: the patient's own read-only form (FormView) and the
 * staff's results (AnswersCard) show an answer in the same words.
 */

/** The words an answer's text needs from the interface's language. */
export interface AnswerWords {
  yes: string;
  no: string;
  language: string;
}

/** A scale point's own label: a Likert label, or the end labels at either end; "" when it has none. */
function scalePointLabel(field: Extract<FormField, { type: "scale" }>, value: number): string {
  const index = (value - field.min) / field.step;
  const labelled = Number.isInteger(index) ? field.pointLabels[index]?.trim() : undefined;
  if (labelled) return labelled;
  const top = field.min + Math.floor((field.max - field.min) / field.step) * field.step;
  if (value === field.min && field.minLabel.trim()) return field.minLabel.trim();
  if (value === top && field.maxLabel.trim()) return field.maxLabel.trim();
  return "";
}

const isEmpty = (value: FormAnswerValue | undefined) => value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);

/**
 * A patient's answer as a reader sees it: choices by their labels (several as a list the
 * language joins), yes or no in words, a scale point with its label, numbers in the
 * language's digits, dates as stored (YYYY-MM-DD, spec §9). Null: not answered. An answer
 * the question no longer recognises (a choice removed from a later copy) shows as stored
 * rather than vanishing.
 */
export function answerText(field: FormField, value: FormAnswerValue | undefined, words: AnswerWords): string | null {
  if (field.type === "section" || isEmpty(value)) return null;
  switch (field.type) {
    case "singleChoice":
      return field.options.find((option) => option.value === value)?.label ?? String(value);
    case "multipleChoice": {
      const picked = Array.isArray(value) ? value : [String(value)];
      const labels = picked.map((choice) => field.options.find((option) => option.value === choice)?.label ?? choice);
      return new Intl.ListFormat(words.language, { type: "conjunction" }).format(labels);
    }
    case "yesNo":
      return value === true ? words.yes : value === false ? words.no : String(value);
    case "scale": {
      if (typeof value !== "number") return String(value);
      const label = scalePointLabel(field, value);
      const number = formatNumber(value, words.language);
      return label ? `${number} (${label})` : number;
    }
    case "number":
      return typeof value === "number" ? formatNumber(value, words.language) : String(value);
    default:
      return Array.isArray(value) ? value.join(", ") : String(value);
  }
}
