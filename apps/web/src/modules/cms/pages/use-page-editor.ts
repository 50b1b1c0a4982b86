import { type CmsPageDetail, cmsPageInputSchema } from "@clinic/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNotices } from "../../../lib/notices.tsx";
import { translatedFailure } from "../../../lib/refusals.ts";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { CMS_PAGES_RESOURCE, pageKey, savePage } from "../api.ts";
import { versionsKey } from "../versions/api.ts";
import { createAutosave } from "./autosave.ts";
import { cmsMessage, isPageField, type PageFormValues, pageBody, pageFormValues, placeRefusal, type SaveState, saveStateOf } from "./page-form.ts";

const resolver = zodResolver(cmsPageInputSchema);

interface SaveRequest {
  values: PageFormValues;
  autosave: boolean;
}

/**
 * The page editor's form and its saving: the draft's values, saved by the Save button (with a
 * notice) or by the autosave two seconds after the last valid change (quietly, marked as such).
 * A save's answer becomes the page in the cache (the navbar's state, the version); the form is
 * marked saved only if nothing was typed while the save ran. A refusal's messages land on their
 * fields (a slug taken, 409, under the slug), the rest in `problem`.
 */
export function usePageEditor(page: CmsPageDetail) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const notices = useNotices();
  const form = useForm<PageFormValues>({ resolver: resolver as never, defaultValues: pageFormValues(page), mode: "onTouched" });
  const [problem, setProblem] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // The values last saved (or loaded): a change back to them, or a reset to them, sends nothing.
  const baseline = useRef(JSON.stringify(pageFormValues(page)));

  const mutation = useMutation<CmsPageDetail, unknown, SaveRequest>({
    mutationFn: ({ values, autosave }) => savePage(page.id, pageBody(values) ?? values, autosave),
    onSuccess: (saved, { values, autosave }) => {
      client.setQueryData(pageKey(page.id), saved);
      void client.invalidateQueries({ queryKey: [CMS_PAGES_RESOURCE] });
      // Every save is a version: the history shows it.
      void client.invalidateQueries({ queryKey: versionsKey(page.id) });
      setFailed(false);
      setProblem(null);
      // Typing that went on during the save stays unsaved (the autosave sends it next).
      baseline.current = JSON.stringify(values);
      if (JSON.stringify(form.getValues()) === baseline.current) form.reset(values);
      if (!autosave) notices.success(t("cmsPages.notices.saved"));
    },
    onError: (failure, { autosave }) => {
      setFailed(true);
      const rest = placeRefusal<PageFormValues>(failure, form.setError, isPageField);
      setProblem(rest.length > 0 ? rest.map((message) => cmsMessage(t, message)).join(" ") : null);
      // A refused autosave says so in the navbar and on its field; the Save button's refusal also notifies.
      if (!autosave) notices.error(translatedFailure(failure, t));
    },
  });

  const send = useRef(mutation.mutate);
  send.current = mutation.mutate;
  const [autosave] = useState(() =>
    createAutosave<PageFormValues, PageFormValues>({
      body: pageBody,
      send: (values) => send.current({ values, autosave: true }),
    }),
  );
  const { watch } = form;
  useEffect(() => {
    const subscription = watch(() => {
      const values = form.getValues();
      if (JSON.stringify(values) === baseline.current) autosave.cancel();
      else autosave.changed(structuredClone(values));
    });
    return () => {
      subscription.unsubscribe();
      autosave.cancel();
    };
  }, [watch, autosave, form]);

  /** Saves now with the Save button's checks; answers the page saved, or null when the values are refused. */
  const saveNow = (): Promise<CmsPageDetail | null> =>
    new Promise((resolve) => {
      autosave.cancel();
      void form.handleSubmit(
        () => mutation.mutate({ values: form.getValues(), autosave: false }, { onSuccess: (saved) => resolve(saved), onError: () => resolve(null) }),
        () => {
          setProblem(t("cmsPages.editor.checkFields"));
          resolve(null);
        },
      )();
    });

  /** A version restored elsewhere (the versions panel) becomes the draft the form shows. */
  const replaceDraft = (restored: CmsPageDetail) => {
    autosave.cancel();
    client.setQueryData(pageKey(page.id), restored);
    baseline.current = JSON.stringify(pageFormValues(restored));
    form.reset(pageFormValues(restored));
  };

  const dirty = form.formState.isDirty;
  const valid = pageBody(form.watch()) !== null;
  const state: SaveState = saveStateOf({ saving: mutation.isPending, failed, dirty, valid });
  return { form, state, problem, saveNow, replaceDraft, saving: mutation.isPending };
}
