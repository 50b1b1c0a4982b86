import {
  type DynamicForm,
  type FormField,
  type FormFieldType,
  type FormInput,
  type FormScoring,
  isScored,
  type Language,
  SCALE_POINTS_MAX,
} from "@clinic/shared";

/** What the builder edits: a form input whose questions always carry every setting of their type. */
export interface BuilderValues {
  name: string;
  description: string;
  language: Language;
  fields: FormField[];
  scoring: FormScoring;
}

export const emptyScoring = (): FormScoring => ({ total: null, subscales: [], bands: [] });

/**
 * The highest number used by keys like `q7` (prefix `q`): new keys count on from it, so a key
 * removed while editing is never handed to a new question (answers name questions by key).
 */
export function highestKeyNumber(keys: Iterable<string>, prefix: string): number {
  let highest = 0;
  const pattern = new RegExp(`^${prefix}(\\d+)$`);
  for (const key of keys) {
    const match = pattern.exec(key);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return highest;
}

/** Hands out keys `<prefix>N`, counting on from the highest ever seen: never one twice. */
export function keyMaker(prefix: string, existing: Iterable<string>) {
  let last = highestKeyNumber(existing, prefix);
  return {
    next: () => `${prefix}${++last}`,
    /** Keys that came in later (a question's choices loaded, say) move the count past them. */
    see: (keys: Iterable<string>) => {
      last = Math.max(last, highestKeyNumber(keys, prefix));
    },
  };
}

/** A new question of `type` with every setting at its default; `kept` carries label, help and required across a type change. */
export function blankField(type: FormFieldType, key: string, kept: Partial<Pick<FormField, "label" | "help" | "required">> = {}): FormField {
  const base = { key, label: kept.label ?? "", help: kept.help ?? "", required: kept.required ?? false };
  switch (type) {
    case "number":
      return { type, ...base, min: null, max: null, step: null };
    case "singleChoice":
    case "multipleChoice":
      return {
        type,
        ...base,
        options: [
          { value: "o1", label: "", score: null },
          { value: "o2", label: "", score: null },
        ],
      };
    case "scale":
      return { type, ...base, min: 0, max: 10, step: 1, minLabel: "", maxLabel: "", pointLabels: [], scored: true };
    case "yesNo":
      return { type, ...base, yesScore: null, noScore: null };
    case "section":
      return { type, ...base, required: false };
    default:
      return { type, ...base };
  }
}

/** The points of a scale from min to max, or none while its settings cannot make one. */
export function scalePoints(field: { min: number; max: number; step: number }): number[] {
  const { min, max, step } = field;
  if (![min, max, step].every(Number.isInteger) || step <= 0 || min >= max) return [];
  const count = Math.floor((max - min) / step) + 1;
  if (count > SCALE_POINTS_MAX) return [];
  return Array.from({ length: count }, (_, index) => min + index * step);
}

/** Whether the question at `index` can move one place `up` or down in a list of `length`. */
export const canMove = (index: number, length: number, direction: "up" | "down") => (direction === "up" ? index > 0 : index < length - 1);

/** A form as the builder starts from it; a copy gets the name `copyName` (the interface's "… (copy)"). */
export function valuesOf(form: DynamicForm, copyName?: string): BuilderValues {
  return {
    name: copyName ?? form.name,
    description: form.description,
    language: form.language,
    fields: structuredClone(form.fields),
    scoring: structuredClone(form.scoring),
  };
}

/**
 * What is sent: a Likert scale's labels exactly one per point (or none when all are empty), and
 * subscales naming only questions that still exist and are scored (a question removed or
 * made unscored leaves them; a subscale left empty is then refused on its own field).
 */
export function inputOf(values: BuilderValues): FormInput {
  const fields = values.fields.map((field): FormField => {
    if (field.type !== "scale") return field;
    const points = scalePoints(field);
    const labels = points.map((_, index) => field.pointLabels[index] ?? "");
    return { ...field, pointLabels: labels.some((label) => label.trim() !== "") ? labels : [] };
  });
  const scored = new Set(fields.filter(isScored).map((field) => field.key));
  return {
    name: values.name,
    description: values.description,
    language: values.language,
    fields,
    scoring: {
      ...values.scoring,
      subscales: values.scoring.subscales.map((subscale) => ({ ...subscale, fields: subscale.fields.filter((key) => scored.has(key)) })),
    },
  };
}

/** The builder's own fields: a 400's errors under these go onto its inputs; others are told above the form. */
const BUILDER_ROOTS = ["name", "description", "language", "fields", "scoring"];

export function splitBuilderErrors(fields: Record<string, string[]>): { placed: [string, string[]][]; other: string[] } {
  const placed: [string, string[]][] = [];
  const other: string[] = [];
  for (const [path, messages] of Object.entries(fields)) {
    if (BUILDER_ROOTS.includes(path.split(".")[0] ?? "")) placed.push([path, messages]);
    else other.push(...messages);
  }
  return { placed, other };
}
