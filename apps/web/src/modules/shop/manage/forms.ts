import "../../../lib/zod-locale.ts";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { type FieldValues, get, type Path, type UseFormReturn, type UseFormSetError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api.ts";
import { useAction } from "../../../lib/resource.ts";
import { shopFieldMessage } from "./api.ts";

/**
 * Which field shows a path's message: the path itself, another (`productIds.2` on the
 * products picker), or none (null: the message goes to the dialog's alert).
 */
export type Placement = (path: string) => string | null;

/** The placement of a form whose fields are exactly `names`. */
export const placeIn =
  (names: readonly string[]): Placement =>
  (path) =>
    names.includes(path) ? path : null;

/** Puts a 400 body's messages on the fields that show them; answers the messages of the rest. */
export function placeFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, fields: Record<string, string[]>, place: Placement): string[] {
  const unplaced: string[] = [];
  for (const [path, messages] of Object.entries(fields)) {
    const field = place(path);
    if (field !== null) setError(field as Path<T>, { type: "server", message: messages.join(" ") });
    else unplaced.push(...messages);
  }
  return unplaced;
}

/** The message to show under a field, translated: the form's own check or the server's. */
export function useFieldText<V extends FieldValues>(form: UseFormReturn<V>): (path: string) => string | undefined {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  return (path) => shopFieldMessage(t, (get(errors, path) as { message?: string } | undefined)?.message);
}

interface DialogSaveOptions<V extends FieldValues, R> {
  form: UseFormReturn<V>;
  /** Where the form shows a path's message (else in the dialog's alert). */
  place: Placement;
  invalidate: QueryKey[];
  success: (saved: R) => string;
  /** What the dialog is open on (false when closed): a new one starts without the last one's alert. */
  session: unknown;
  /** The sentence for a 409 the dialog can say better than the server (how much stock is left). */
  conflict?: (failure: ApiError) => string;
  onSaved: (saved: R) => void;
}

/**
 * A dialog's save: field errors on their fields, the rest (and a 409) in an alert in the dialog,
 * where the user still is, besides the notice every action shows.
 */
export function useDialogSave<V extends FieldValues, I, R>(run: (input: I) => Promise<R>, options: DialogSaveOptions<V, R>) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new session of the dialog is what clears it.
  useEffect(() => setProblem(null), [options.session]);
  const action = useAction(run, {
    invalidate: options.invalidate,
    success: options.success,
    onFieldErrors: (fields) => {
      const rest = placeFieldErrors(options.form.setError, fields, options.place);
      setProblem(rest.length > 0 ? rest.map((message) => shopFieldMessage(t, message)).join(" ") : null);
    },
    onFailure: (failure) => {
      if (!(failure instanceof ApiError && failure.status === 409)) return;
      setProblem(options.conflict?.(failure) ?? shopFieldMessage(t, failure.message) ?? failure.message);
      // A conflict means the data moved under the form (an order took the stock): show it as it is now.
      for (const queryKey of options.invalidate) void client.invalidateQueries({ queryKey });
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
    clearProblem: () => setProblem(null),
  };
}
