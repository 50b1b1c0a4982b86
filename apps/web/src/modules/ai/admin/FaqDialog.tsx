import { AI_FAQ_AUDIENCES, AI_LIMITS, type AiFaq, type AiFaqInput, aiFaqInputSchema, LANGUAGES } from "@clinic/shared";
import { MenuItem, Stack, TextField } from "@mui/material";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { createFaq, faqsKey, updateFaq } from "./api.ts";
import { useFieldText, useFormSave } from "./save.ts";

const FIELDS = ["language", "audience", "question", "answer"];

/** A new FAQ's values, or `faq`'s, in the scope `clinicId`. */
export const faqValues = (faq: AiFaq | null, clinicId: string | null, language: string): AiFaqInput => ({
  clinicId,
  language: faq?.language ?? (language === "es" ? "es" : "en"),
  audience: faq?.audience ?? "everyone",
  question: faq?.question ?? "",
  answer: faq?.answer ?? "",
});

/** Adds a FAQ to the scope, or changes `faq`: a question and the clinic's own answer, in one language, for everyone or the staff only. */
export function FaqDialog({ open, faq, clinicId, onClose }: { open: boolean; faq: AiFaq | null; clinicId: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const form = useForm<AiFaqInput>({ resolver: zodResolver(aiFaqInputSchema), defaultValues: faqValues(null, clinicId, language) });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(faqValues(faq, clinicId, language));
  }, [open, faq, clinicId, language, reset]);
  const text = useFieldText(form);
  const saving = useFormSave((input: AiFaqInput) => (faq ? updateFaq(faq.id, input) : createFaq(input)), {
    place: (fields) => {
      const rest: string[] = [];
      for (const [field, messages] of Object.entries(fields)) {
        if (FIELDS.includes(field)) form.setError(field as keyof AiFaqInput, { type: "server", message: messages.join(" ") });
        else rest.push(...messages);
      }
      return rest;
    },
    invalidate: [faqsKey(clinicId)],
    success: () => t(faq ? "aiAdmin.faqs.updated" : "aiAdmin.faqs.created"),
    session: open && (faq?.id ?? "new"),
    onSaved: onClose,
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={faq ? t("aiAdmin.faqs.edit") : t("aiAdmin.faqs.add")}
      text={t("aiAdmin.faqs.dialogIntro")}
      onSubmit={form.handleSubmit(saving.save)}
      pending={saving.pending}
      problem={saving.problem}
      phoneFullScreen
    >
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <Controller
          name="language"
          control={form.control}
          render={({ field }) => (
            <TextField select fullWidth label={t("aiAdmin.faqs.language")} {...field} error={!!text("language")} helperText={text("language")}>
              {LANGUAGES.map((language) => (
                <MenuItem key={language} value={language}>
                  {t(`aiAdmin.languages.${language}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          name="audience"
          control={form.control}
          render={({ field }) => (
            <TextField
              select
              fullWidth
              label={t("aiAdmin.faqs.audience")}
              {...field}
              error={!!text("audience")}
              helperText={text("audience") ?? t(`aiAdmin.faqs.audienceHints.${field.value}`)}
            >
              {AI_FAQ_AUDIENCES.map((audience) => (
                <MenuItem key={audience} value={audience}>
                  {t(`aiAdmin.faqs.audiences.${audience}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Stack>
      <TextField
        label={t("aiAdmin.faqs.question")}
        required
        {...form.register("question")}
        error={!!text("question")}
        helperText={text("question")}
        slotProps={{ htmlInput: { maxLength: AI_LIMITS.faqQuestion } }}
      />
      <TextField
        label={t("aiAdmin.faqs.answer")}
        required
        multiline
        minRows={4}
        {...form.register("answer")}
        error={!!text("answer")}
        helperText={text("answer") ?? t("aiAdmin.faqs.answerHint")}
        slotProps={{ htmlInput: { maxLength: AI_LIMITS.faqAnswer } }}
      />
    </FormDialog>
  );
}
