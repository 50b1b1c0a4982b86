import "../../../lib/zod-locale.ts";
import type { QueryKey } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { type FieldValues, get, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api.ts";
import { sharedMessage } from "../../../lib/field-messages.ts";
import { refusalText } from "../../../lib/refusals.ts";
import { useAction } from "../../../lib/resource.ts";
// The answers' refusals (AI_MESSAGES: an unknown clinic, a key without a provider) are translated by the widget's texts.
import "../widget/api.ts";

/** The message under a field, in the interface language: the form's own check or the server's. */
export function useFieldText<V extends FieldValues>(form: UseFormReturn<V>): (path: string) => string | undefined {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  return (path) => {
    const message = (get(errors, path) as { message?: string } | undefined)?.message;
    if (!message) return undefined;
    const translated = refusalText(t, message);
    return translated === message ? sharedMessage(t, message) : translated;
  };
}

/**
 * A form's save (the settings, a FAQ): a 400's messages on the fields `place` puts them on, the
 * rest and a 409's reason in the form's alert, besides the notice every action shows; the lists
 * refresh, then `onSaved`.
 */
export function useFormSave<I, R>(
  run: (input: I) => Promise<R>,
  options: {
    /** Puts a 400's field messages on their fields; answers the rest. */
    place: (fields: Record<string, string[]>) => string[];
    invalidate: QueryKey[];
    success: (saved: R) => string;
    /** What the form is open on (false when closed): a new one starts without the last one's alert. */
    session: unknown;
    onSaved: (saved: R) => void;
  },
) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new session of the form is what clears it.
  useEffect(() => setProblem(null), [options.session]);
  const say = (message: string) => {
    const translated = refusalText(t, message);
    return translated === message ? sharedMessage(t, message) : translated;
  };
  const action = useAction(run, {
    invalidate: options.invalidate,
    success: options.success,
    onFieldErrors: (fields) => {
      const rest = options.place(fields);
      setProblem(rest.length > 0 ? rest.map(say).join(" ") : null);
    },
    onFailure: (failure) => {
      if (failure instanceof ApiError && (failure.status === 409 || (failure.status === 404 && typeof failure.body.detail === "string")))
        setProblem(say(failure.message));
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
