import { useEffect, useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api.ts";
import { refusalText } from "../../../lib/refusals.ts";
import { useAction } from "../../../lib/resource.ts";
import { EVERY_SETTINGS_LIST } from "../api.ts";

/**
 * A settings dialog's save: a 400's messages on the fields it names, the rest and a 409's reason
 * (a shortcut or template already taken) in the dialog's alert, besides the notice every action
 * shows; the lists refresh and the dialog closes once saved.
 */
export function useSettingSave<V extends FieldValues, R>(
  run: (input: V) => Promise<R>,
  options: { form: UseFormReturn<V>; fields: readonly string[]; open: boolean; success: (saved: R) => string; onSaved: () => void },
) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (options.open) setProblem(null);
  }, [options.open]);
  const action = useAction(run, {
    invalidate: EVERY_SETTINGS_LIST,
    success: options.success,
    onFieldErrors: (errors) => {
      const rest: string[] = [];
      for (const [field, messages] of Object.entries(errors)) {
        const text = messages.map((message) => refusalText(t, message)).join(" ");
        if (options.fields.includes(field)) options.form.setError(field as Path<V>, { type: "server", message: text });
        else rest.push(text);
      }
      setProblem(rest.length > 0 ? rest.join(" ") : null);
    },
    onFailure: (failure) => {
      if (failure instanceof ApiError && failure.status === 409) setProblem(refusalText(t, failure.message));
    },
    onSuccess: options.onSaved,
  });
  return {
    save: (input: V) => {
      setProblem(null);
      action.mutate(input);
    },
    pending: action.isPending,
    problem,
  };
}

/** The message under a field: the form's own check or the server's, already in words. */
export const fieldText = <V extends FieldValues>(form: UseFormReturn<V>, name: Path<V>): string | undefined =>
  (form.formState.errors[name] as { message?: string } | undefined)?.message;
