import type { QueryKey } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { type FormEventHandler, useEffect, useState } from "react";
import { type DefaultValues, type FieldValues, get, type Path, type Resolver, type UseFormReturn, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError } from "./api.ts";
import type { FieldText } from "./components/EditorSection.tsx";
import { applyFieldErrors } from "./forms.ts";
import { type ActionOptions, useAction } from "./resource.ts";

export interface EditorDialogOptions<V extends FieldValues, R, S> {
  open: boolean;
  /** The record changed, or null for a new one. */
  record: R | null;
  onClose: () => void;
  onSaved?: (saved: S) => void;
  /** The form's values for the record (null: a new one's), set again each time the dialog opens. */
  values: (record: R | null) => V;
  /** Made once: the resolver reads its texts when it runs, in the language of the moment. */
  resolver: () => Resolver<V>;
  /** What else the dialog forgets when it opens (a clinic picked last time). */
  onOpen?: () => void;
  /** The call that saves the form's values. */
  save: (values: V) => Promise<S>;
  invalidate: QueryKey[];
  success: ActionOptions<S, V>["success"];
  /** The form field that shows a 400's message for an API path, or null when none does. */
  place: (path: string) => string | null;
  /** The module's translators: a field's message, and a refusal shown above the fields. */
  fieldMessage: (t: TFunction, message: string | undefined) => string | undefined;
  refusalMessage: (t: TFunction, message: string) => string;
  /** Translated: what the dialog says when the fields hold errors and no message is left for above them. */
  checkFields: string;
}

/**
 * The set-up every record editor dialog shares (events, product quotes, insurance products):
 * the form with its resolver, reset to the record each time the dialog opens; the save, whose
 * 400 messages land on their fields (the rest, or a "check the fields", above them) and whose
 * 409 shows above the fields; closing and `onSaved` on success. `dialog` is FormDialog's props.
 */
export function useEditorDialog<V extends FieldValues, R, S>(options: EditorDialogOptions<V, R, S>) {
  const { open, record, onClose, onSaved } = options;
  const { t, i18n } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [resolver] = useState(options.resolver);
  const form: UseFormReturn<V> = useForm<V>({ resolver, defaultValues: options.values(null) as DefaultValues<V> });
  const { reset } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the values and what else is forgotten are read as the dialog opens, for its record in the language of then.
  useEffect(() => {
    if (!open) return;
    reset(options.values(record));
    setProblem(null);
    options.onOpen?.();
  }, [open, record, reset, i18n]);
  const save = useAction(options.save, {
    invalidate: options.invalidate,
    success: options.success,
    onFieldErrors: (fields) => {
      // applyFieldErrors places a message by its path; the module's placement moves the path to the field that shows it.
      const placed = Object.keys(fields).filter((path) => options.place(path) !== null);
      const rest = applyFieldErrors<V>((path, error) => form.setError(options.place(path) as Path<V>, error), fields, placed);
      setProblem(rest.length > 0 ? rest.map((message) => options.refusalMessage(t, message)).join(" ") : options.checkFields);
    },
    onFailure: (failure) => {
      if (failure instanceof ApiError && failure.status === 409) setProblem(options.refusalMessage(t, failure.message));
    },
    onSuccess: (saved) => {
      onClose();
      onSaved?.(saved);
    },
  });
  const errors = form.formState.errors;
  const text: FieldText = (path) => {
    const error = get(errors, path) as { message?: string; root?: { message?: string } } | undefined;
    return options.fieldMessage(t, error?.message ?? error?.root?.message);
  };
  const onSubmit: FormEventHandler<HTMLFormElement> = form.handleSubmit(
    (values) => {
      setProblem(null);
      save.mutate(values);
    },
    () => setProblem(options.checkFields),
  );
  return { form, text, dialog: { open, onClose, onSubmit, pending: save.isPending, problem } };
}
