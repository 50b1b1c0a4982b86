import { useEffect, useState } from "react";
import { type FieldValues, get, type Path, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api.ts";
import { useAction } from "../../../lib/resource.ts";
import { EVERY_SETUP_LIST, setupMessage } from "./api.ts";

/**
 * Which form field shows a 400's path (`variations.0.priceCents` → `variations.0.price`), or null
 * when none does and the message goes to the dialog's alert.
 */
export type Placement = (path: string) => string | null;

/** The placement of a form whose fields have the API's names, nested fields included (`rules.2.end`). */
export const placeUnder =
  (names: readonly string[]): Placement =>
  (path) =>
    names.includes(path.split(".")[0] ?? "") ? path : null;

interface DialogSaveOptions<V extends FieldValues, R> {
  form: UseFormReturn<V>;
  place: Placement;
  success: (saved: R) => string;
  /** What the dialog is open on (false when closed): a new one starts without the last one's alert. */
  session: unknown;
  onSaved: (saved: R) => void;
}

/**
 * A setup dialog's save: a 400's messages on their fields, the rest (and a 409's reason) in the
 * dialog's alert where the user still is, besides the notice every action shows.
 */
export function useDialogSave<V extends FieldValues, I, R>(run: (input: I) => Promise<R>, options: DialogSaveOptions<V, R>) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new session of the dialog is what clears it.
  useEffect(() => setProblem(null), [options.session]);
  const action = useAction(run, {
    invalidate: EVERY_SETUP_LIST,
    success: options.success,
    onFieldErrors: (fields) => {
      const rest: string[] = [];
      for (const [path, messages] of Object.entries(fields)) {
        const field = options.place(path);
        if (field === null) rest.push(...messages);
        else options.form.setError(field as Path<V>, { type: "server", message: messages.join(" ") });
      }
      setProblem(rest.length > 0 ? rest.map((message) => setupMessage(t, message)).join(" ") : null);
    },
    onFailure: (failure) => {
      if (failure instanceof ApiError && failure.status === 409) setProblem(setupMessage(t, failure.message) ?? failure.message);
    },
    onSuccess: options.onSaved,
  });
  return {
    save: (input: I) => {
      setProblem(null);
      action.mutate(input);
    },
    pending: action.isPending,
    problem,
  };
}

/** The message under a field, in the interface language: the form's own check or the server's. */
export function useFieldText<V extends FieldValues>(form: UseFormReturn<V>): (path: string) => string | undefined {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  return (path) => {
    // A list's own message ("add at least one") sits on the list, or on its root once it has rows.
    const error = get(errors, path) as { message?: string; root?: { message?: string } } | undefined;
    return setupMessage(t, error?.message ?? error?.root?.message);
  };
}
