import {
  type ChecklistTemplateView,
  type CostCategory,
  type CostInput,
  type EventCostView,
  PLANNING_LIMITS,
  PLANNING_MESSAGES,
  type PlanningMessageKey,
  type TemplateInput,
} from "@clinic/shared";
import type { TFunction } from "i18next";
import { refusalText, registerRefusals } from "../../../lib/refusals.ts";
import { centsToText, parseMoney, parseWhole } from "../../../lib/money.ts";

/**
 * What the costs, checklist and template screens share: amounts typed as decimals in the event's
 * currency and sent as cents, the template form's rows, the built-in templates' names in the
 * reader's language, and the server's refusals (PLANNING_MESSAGES) translated by key.
 */

/** A message of the costs and checklists in the interface language (`eventPlanning.messages.<key>`); any other text as it came. */
export function planningText(t: TFunction, message: string): string {
  for (const [key, text] of Object.entries(PLANNING_MESSAGES) as [PlanningMessageKey, string][]) {
    if (message === text) return t(`eventPlanning.messages.${key}`);
  }
  return message;
}

registerRefusals(planningText);

/** A field's message from the server, in the interface language. */
export const fieldText = (t: TFunction, messages: string[] | undefined) =>
  messages ? messages.map((message) => refusalText(t, message)).join(" ") : undefined;

// ---------------------------------------------------------------- costs

export interface CostFormValues {
  category: CostCategory;
  supplier: string;
  description: string;
  /** Decimals as typed ("120,50"). */
  planned: string;
  /** Empty until known. */
  actual: string;
  paid: boolean;
}

export function costFormValues(cost: EventCostView | null, currency: string, language: string): CostFormValues {
  return {
    category: cost?.category ?? "venue",
    supplier: cost?.supplier ?? "",
    description: cost?.description ?? "",
    planned: cost ? centsToText(cost.plannedCents, currency, language) : "",
    actual: cost && cost.actualCents !== null ? centsToText(cost.actualCents, currency, language) : "",
    paid: cost?.paid ?? false,
  };
}

/** An amount the form accepts: a decimal of the currency, not negative, within the line's limit. */
function amountOf(text: string, currency: string): number | null {
  const cents = parseMoney(text, currency);
  return cents !== null && cents <= PLANNING_LIMITS.amountCents ? cents : null;
}

/**
 * The line to send for the form's values, or the fields whose amounts are not amounts: the planned
 * one is required (0 allowed), the actual one empty until known.
 */
export function costBody(values: CostFormValues, currency: string): { input: CostInput | null; errors: ("planned" | "actual")[] } {
  const planned = amountOf(values.planned, currency);
  const actual = values.actual.trim() === "" ? null : amountOf(values.actual, currency);
  const errors: ("planned" | "actual")[] = [];
  if (planned === null) errors.push("planned");
  if (values.actual.trim() !== "" && actual === null) errors.push("actual");
  if (errors.length > 0 || planned === null) return { input: null, errors };
  return {
    input: {
      category: values.category,
      supplier: values.supplier.trim(),
      description: values.description.trim(),
      plannedCents: planned,
      actualCents: actual,
      paid: values.paid,
    },
    errors,
  };
}

// ---------------------------------------------------------------- templates

/** A built-in template's name in the reader's language (by its key); a clinic's as it was named. */
export const templateName = (t: TFunction, template: Pick<ChecklistTemplateView, "key" | "name">) =>
  template.key ? t(`eventPlanning.builtIn.${template.key}.name`, { defaultValue: template.name }) : template.name;

/** A built-in template's task in the reader's language (by key and place); a clinic's as it was written. */
export const templateTaskTitle = (t: TFunction, template: Pick<ChecklistTemplateView, "key">, index: number, title: string) =>
  template.key ? t(`eventPlanning.builtIn.${template.key}.tasks.${index}`, { defaultValue: title }) : title;

export interface TemplateFormValues {
  name: string;
  tasks: { title: string; daysBefore: string }[];
}

export const newTemplateRow = () => ({ title: "", daysBefore: "7" });

export function templateFormValues(template: ChecklistTemplateView | null): TemplateFormValues {
  return {
    name: template?.name ?? "",
    tasks: template ? template.tasks.map((task) => ({ title: task.title, daysBefore: String(task.daysBefore) })) : [newTemplateRow()],
  };
}

/** What is wrong with the form, by field path (`name`, `tasks`, `tasks.0.title`, `tasks.2.daysBefore`), as message keys. */
export type TemplateErrors = Record<string, "nameRequired" | "titleRequired" | "daysInvalid" | "tooFew" | "tooMany">;

export function templateBody(values: TemplateFormValues): { input: TemplateInput | null; errors: TemplateErrors } {
  const errors: TemplateErrors = {};
  if (!values.name.trim()) errors.name = "nameRequired";
  if (values.tasks.length === 0) errors.tasks = "tooFew";
  if (values.tasks.length > PLANNING_LIMITS.templateTasks) errors.tasks = "tooMany";
  const tasks = values.tasks.map((task, index) => {
    const days = parseWhole(task.daysBefore);
    if (!task.title.trim()) errors[`tasks.${index}.title`] = "titleRequired";
    if (days === null || days > PLANNING_LIMITS.daysBefore) errors[`tasks.${index}.daysBefore`] = "daysInvalid";
    return { title: task.title.trim(), daysBefore: days ?? 0 };
  });
  if (Object.keys(errors).length > 0) return { input: null, errors };
  return { input: { name: values.name.trim(), tasks }, errors };
}
