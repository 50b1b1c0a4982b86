import { type CannedReply, CHAT_LIMITS, type CannedReplyInput, cannedReplyInputSchema } from "@clinic/shared";
import { TextField } from "@mui/material";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { createCanned, updateCanned } from "../api.ts";
import { fieldText, useSettingSave } from "./save.ts";

/** Add a canned reply to `clinicId` (an admin's chosen clinic; null for staff: their own), or change `reply`. */
export function CannedReplyDialog({
  open,
  reply,
  clinicId,
  onClose,
}: {
  open: boolean;
  reply: CannedReply | null;
  clinicId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<CannedReplyInput>({ resolver: zodResolver(cannedReplyInputSchema), defaultValues: { shortcut: "", body: "" } });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ shortcut: reply?.shortcut ?? "", body: reply?.body ?? "" });
  }, [open, reply, reset]);
  const saving = useSettingSave(
    (input: CannedReplyInput) => (reply ? updateCanned(reply.id, input) : createCanned(clinicId ? { ...input, clinicId } : input)),
    {
      form,
      fields: ["shortcut", "body"],
      open,
      success: (saved) => t(reply ? "chat.settings.canned.updated" : "chat.settings.canned.created", { shortcut: saved.shortcut }),
      onSaved: onClose,
    },
  );
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={reply ? t("chat.settings.canned.edit") : t("chat.settings.canned.add")}
      onSubmit={form.handleSubmit(saving.save)}
      pending={saving.pending}
      problem={saving.problem}
      phoneFullScreen
    >
      <TextField
        label={t("chat.settings.canned.shortcut")}
        required
        {...form.register("shortcut")}
        error={!!fieldText(form, "shortcut")}
        helperText={fieldText(form, "shortcut") ?? t("chat.settings.canned.shortcutHint")}
        slotProps={{ htmlInput: { maxLength: CHAT_LIMITS.cannedShortcut } }}
      />
      <TextField
        label={t("chat.settings.canned.body")}
        required
        multiline
        minRows={3}
        {...form.register("body")}
        error={!!fieldText(form, "body")}
        helperText={fieldText(form, "body")}
        slotProps={{ htmlInput: { maxLength: CHAT_LIMITS.cannedBody } }}
      />
    </FormDialog>
  );
}
