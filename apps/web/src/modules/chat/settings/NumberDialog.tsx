import { CHAT_LIMITS, type WhatsAppNumber, type WhatsAppNumberInput, whatsAppNumberInputSchema } from "@clinic/shared";
import { TextField } from "@mui/material";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { createNumber, updateNumber } from "../api.ts";
import { fieldText, useSettingSave } from "./save.ts";

type NumberValues = Omit<WhatsAppNumberInput, "label"> & { label: string };

/** Connect a WhatsApp business number (its Cloud API phone number id) to `clinicId`, or change `number`. */
export function NumberDialog({ open, number, clinicId, onClose }: { open: boolean; number: WhatsAppNumber | null; clinicId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm<NumberValues>({
    resolver: zodResolver(whatsAppNumberInputSchema) as never,
    defaultValues: { id: "", clinicId, displayPhone: "", label: "" },
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ id: number?.id ?? "", clinicId: number?.clinicId ?? clinicId, displayPhone: number?.displayPhone ?? "", label: number?.label ?? "" });
  }, [open, number, clinicId, reset]);
  const saving = useSettingSave((input: NumberValues) => (number ? updateNumber(number.id, input) : createNumber(input)), {
    form,
    fields: ["id", "displayPhone", "label"],
    open,
    success: (saved) => t(number ? "chat.settings.numbers.updated" : "chat.settings.numbers.created", { phone: saved.displayPhone }),
    onSaved: onClose,
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={number ? t("chat.settings.numbers.edit") : t("chat.settings.numbers.add")}
      onSubmit={form.handleSubmit(saving.save)}
      pending={saving.pending}
      problem={saving.problem}
      phoneFullScreen
    >
      <TextField
        label={t("chat.settings.numbers.id")}
        required
        {...form.register("id")}
        error={!!fieldText(form, "id")}
        helperText={fieldText(form, "id") ?? t("chat.settings.numbers.idHint")}
        // The id names the number in WhatsApp's webhooks: a changed one is another number, added anew.
        slotProps={{ htmlInput: { maxLength: 30, inputMode: "numeric", readOnly: number !== null } }}
      />
      <TextField
        label={t("chat.settings.numbers.displayPhone")}
        required
        {...form.register("displayPhone")}
        error={!!fieldText(form, "displayPhone")}
        helperText={fieldText(form, "displayPhone")}
        slotProps={{ htmlInput: { maxLength: 30 } }}
      />
      <TextField
        label={t("chat.settings.numbers.label")}
        {...form.register("label")}
        error={!!fieldText(form, "label")}
        helperText={fieldText(form, "label") ?? t("chat.settings.numbers.labelHint")}
        slotProps={{ htmlInput: { maxLength: CHAT_LIMITS.label } }}
      />
    </FormDialog>
  );
}
