import { type ChatTemplate, CHAT_LIMITS, type ChatTemplateInput, chatTemplateInputSchema, templateVariableCount } from "@clinic/shared";
import { TextField } from "@mui/material";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { createTemplate, updateTemplate } from "../api.ts";
import { fieldText, useSettingSave } from "./save.ts";

/** Add one of the clinic's approved WhatsApp templates (as written in WhatsApp Manager), or change `template`. */
export function TemplateSettingDialog({
  open,
  template,
  clinicId,
  onClose,
}: {
  open: boolean;
  template: ChatTemplate | null;
  clinicId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<ChatTemplateInput>({ resolver: zodResolver(chatTemplateInputSchema), defaultValues: { name: "", language: "", body: "" } });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ name: template?.name ?? "", language: template?.language ?? "", body: template?.body ?? "" });
  }, [open, template, reset]);
  const saving = useSettingSave(
    (input: ChatTemplateInput) => (template ? updateTemplate(template.id, input) : createTemplate(clinicId ? { ...input, clinicId } : input)),
    {
      form,
      fields: ["name", "language", "body"],
      open,
      success: (saved) => t(template ? "chat.settings.templates.updated" : "chat.settings.templates.created", { name: saved.name }),
      onSaved: onClose,
    },
  );
  const count = templateVariableCount(form.watch("body") ?? "");
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={template ? t("chat.settings.templates.edit") : t("chat.settings.templates.add")}
      text={t("chat.settings.templates.dialogIntro", { first: "{{1}}", second: "{{2}}" })}
      onSubmit={form.handleSubmit(saving.save)}
      pending={saving.pending}
      problem={saving.problem}
      phoneFullScreen
    >
      <TextField
        label={t("chat.settings.templates.name")}
        required
        {...form.register("name")}
        error={!!fieldText(form, "name")}
        helperText={fieldText(form, "name") ?? t("chat.settings.templates.nameHint")}
        slotProps={{ htmlInput: { maxLength: CHAT_LIMITS.templateName } }}
      />
      <TextField
        label={t("chat.settings.templates.language")}
        required
        {...form.register("language")}
        error={!!fieldText(form, "language")}
        helperText={fieldText(form, "language") ?? t("chat.settings.templates.languageHint")}
        slotProps={{ htmlInput: { maxLength: 10 } }}
      />
      <TextField
        label={t("chat.settings.templates.body")}
        required
        multiline
        minRows={3}
        {...form.register("body")}
        error={!!fieldText(form, "body")}
        helperText={fieldText(form, "body") ?? t("chat.settings.templates.bodyHint", { count })}
        slotProps={{ htmlInput: { maxLength: CHAT_LIMITS.templateBody } }}
      />
    </FormDialog>
  );
}
