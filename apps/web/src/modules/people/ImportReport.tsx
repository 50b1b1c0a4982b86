import type { ImportRowError } from "@clinic/shared";
import type { TFunction } from "i18next";

/** A refused row's reason in the user's language (the server's English is for API clients). */
export function rowErrorText(t: TFunction, error: ImportRowError): string {
  if (error.code === "invalid")
    return t(error.field === "language" ? "people.import.errors.language" : `people.import.errors.invalid.${error.field ?? "other"}`);
  if (error.code === "seats") return t(`people.import.errors.seats.${error.params?.kind === "therapist" ? "therapist" : "patient"}`, error.params ?? {});
  return t(`people.import.errors.${error.code}`, error.params ?? {});
}
