import { ASSIGNMENT_DESCRIPTION_MAX, ASSIGNMENT_DURATION_MAX } from "@clinic/shared";
import dayjs from "dayjs";
import type { TFunction } from "i18next";

/** The editable values of an assignment as the forms hold them (duration as typed). */
export interface AssignmentValues {
  date: string;
  duration: string;
  description: string;
  activate: boolean;
  /** A game's motion intensity in percent (absent where the form does not set it). */
  motion?: number;
}
export type FieldErrors = Partial<Record<keyof AssignmentValues | "activities" | "patient", string>>;

/**
 * The rules of the shared contract (spec §5 and the assignment schema), checked before
 * sending so the messages speak the user's language; the server checks them again.
 */
export function checkAssignmentValues(values: Partial<AssignmentValues>, t: TFunction): FieldErrors {
  const errors: FieldErrors = {};
  if (values.date !== undefined && !(/^\d{4}-\d{2}-\d{2}$/.test(values.date) && dayjs(values.date).format("YYYY-MM-DD") === values.date))
    errors.date = t("assignActivity.errors.date");
  if (values.duration !== undefined) {
    const minutes = Number(values.duration);
    if (values.duration.trim() === "" || !Number.isInteger(minutes) || minutes < 1 || minutes > ASSIGNMENT_DURATION_MAX)
      errors.duration = t("assignActivity.errors.duration", { max: ASSIGNMENT_DURATION_MAX });
  }
  if (values.description !== undefined && values.description.length > ASSIGNMENT_DESCRIPTION_MAX)
    errors.description = t("forms.tooLong", { max: ASSIGNMENT_DESCRIPTION_MAX });
  return errors;
}

/** A 400 body's fields (`date`, `assign.date`, `update.duration`…) onto the form's own field names. */
export function serverFieldErrors(fields: Record<string, string[]>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, messages] of Object.entries(fields)) {
    const name = key.split(".").pop() as string;
    const field = (name === "patients" ? "patient" : name) as keyof FieldErrors;
    if (["date", "duration", "description", "activate", "motion", "activities", "patient"].includes(field)) errors[field] = messages.join(" ");
  }
  return errors;
}
