import { CMS_LANGUAGES, CMS_LIMITS, type CmsPageDetail, cmsPageInputSchema } from "@clinic/shared";
import { MenuItem, TextField } from "@mui/material";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { SwitchField } from "../../../lib/components/SwitchField.tsx";
import { useAction } from "../../../lib/resource.ts";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { createPage, EVERY_CMS_PAGE_LIST } from "../api.ts";
import { cmsFieldMessage, cmsMessage, type NewPageValues, newPageValues, placeRefusal, slugFor } from "./page-form.ts";

const NEW_PAGE_FIELDS = ["title", "slug", "language", "isHome"];
const resolver = zodResolver(cmsPageInputSchema.pick({ title: true, slug: true, language: true, isHome: true }));

/**
 * A new page: its title, its slug (made from the title until the editor types one of their own),
 * its language and whether it is that language's home page. A slug taken (409) or refused (400)
 * shows under the slug; once created, `onCreated` opens the editor.
 */
export function NewPageDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (page: CmsPageDetail) => void }) {
  const { t, i18n } = useTranslation();
  const [slugEdited, setSlugEdited] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<NewPageValues>({ resolver: resolver as never, defaultValues: newPageValues(i18n.language === "es" ? "es" : "en") });
  const { reset } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset as the dialog opens, in the interface language of then.
  useEffect(() => {
    if (!open) return;
    reset(newPageValues(i18n.language === "es" ? "es" : "en"));
    setSlugEdited(false);
    setProblem(null);
  }, [open, reset]);
  const create = useAction((values: NewPageValues) => createPage(values), {
    invalidate: EVERY_CMS_PAGE_LIST,
    success: () => t("cmsPages.notices.created"),
    onFailure: (failure) => {
      const rest = placeRefusal<NewPageValues>(failure, form.setError, (path) => NEW_PAGE_FIELDS.includes(path));
      setProblem(rest.length > 0 ? rest.map((message) => cmsMessage(t, message)).join(" ") : null);
    },
    onSuccess: (page) => {
      onClose();
      onCreated(page);
    },
  });
  const errors = form.formState.errors;
  const text = (name: keyof NewPageValues) => cmsFieldMessage(t, errors[name]?.message);
  const title = form.register("title", {
    onChange: (event: { target: { value: string } }) => {
      form.setValue("slug", slugFor(event.target.value, form.getValues("slug"), slugEdited));
    },
  });
  const slug = form.register("slug", { onChange: () => setSlugEdited(true) });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t("cmsPages.create.title")}
      text={t("cmsPages.create.intro")}
      onSubmit={form.handleSubmit(
        (values) => {
          setProblem(null);
          create.mutate(values);
        },
        () => setProblem(t("cmsPages.editor.checkFields")),
      )}
      pending={create.isPending}
      problem={problem}
      submitLabel={t("cmsPages.create.submit")}
    >
      <TextField
        label={t("cmsPages.fields.title")}
        required
        {...title}
        error={!!text("title")}
        helperText={text("title")}
        slotProps={{ htmlInput: { maxLength: CMS_LIMITS.title } }}
        fullWidth
      />
      <TextField
        label={t("cmsPages.fields.slug")}
        required
        {...slug}
        error={!!text("slug")}
        helperText={text("slug") ?? t("cmsPages.editor.slugHint")}
        slotProps={{ htmlInput: { maxLength: CMS_LIMITS.slug, spellCheck: false, autoCapitalize: "none" } }}
        fullWidth
      />
      <Controller
        control={form.control}
        name="language"
        render={({ field }) => (
          <TextField select label={t("cmsPages.fields.language")} {...field} error={!!text("language")} helperText={text("language")} fullWidth>
            {CMS_LANGUAGES.map((one) => (
              <MenuItem key={one} value={one}>
                {t(`cmsPages.languages.${one}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <SwitchField control={form.control} name="isHome" label={t("cmsPages.fields.isHome")} hint={text("isHome") ?? t("cmsPages.editor.homeHint")} />
    </FormDialog>
  );
}
