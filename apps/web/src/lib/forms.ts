import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

/** Puts a 400 body's field errors onto the form fields of the same name; answers the rest. */
export function applyFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, fields: Record<string, string[]>, known: readonly string[]): string[] {
  const unplaced: string[] = [];
  for (const [field, messages] of Object.entries(fields)) {
    if (known.includes(field)) setError(field as Path<T>, { type: "server", message: messages.join(" ") });
    else unplaced.push(...messages);
  }
  return unplaced;
}
