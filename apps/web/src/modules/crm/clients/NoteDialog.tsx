import { CRM_CLIENT_LIMITS, type CrmNote } from "@clinic/shared";
import { TextField } from "@mui/material";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateTimeField } from "../../../lib/components/DateTimeField.tsx";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { fromLocalInput, toLocalInput } from "../../../lib/dates.ts";
import { applyFieldErrors } from "../../../lib/forms.ts";
import { useAction } from "../../../lib/resource.ts";
import { createNote, EVERY_CLIENT_LIST, updateNote } from "./api.ts";
import { clientText } from "./client-form.ts";

interface NoteValues {
  name: string;
  dateStart: string;
  description: string;
}

const FIELDS = ["name", "dateStart", "description"] as const;

/** Add a note on `clientId` (spec §3: name, date_start, description), or change `note`. */
export function NoteDialog({ open, clientId, note, onClose }: { open: boolean; clientId: number; note: CrmNote | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<NoteValues>({ defaultValues: { name: "", dateStart: "", description: "" } });
  const { reset } = form;
  useEffect(() => {
    if (open) {
      reset({ name: note?.name ?? "", dateStart: toLocalInput(note?.dateStart ?? new Date().toISOString()), description: note?.description ?? "" });
      setProblem(null);
    }
  }, [open, note, reset]);
  const save = useAction(
    (values: NoteValues) => {
      const input = {
        name: values.name,
        dateStart: fromLocalInput(values.dateStart),
        description: values.description,
        initiativeId: note?.initiativeId ?? null,
      };
      return note ? updateNote(note.id, input) : createNote({ ...input, clientId });
    },
    {
      invalidate: EVERY_CLIENT_LIST,
      success: () => t(note ? "crmClients.notices.noteEdited" : "crmClients.notices.noteCreated"),
      onFieldErrors: (fields) => {
        const rest = applyFieldErrors(form.setError, fields, FIELDS);
        setProblem(rest.length > 0 ? rest.map((message) => clientText(t, message)).join(" ") : null);
      },
      onSuccess: () => onClose(),
    },
  );
  const errors = form.formState.errors;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={note ? t("crmClients.notes.edit") : t("crmClients.notes.add")}
      onSubmit={form.handleSubmit((values) => {
        let valid = true;
        if (!values.name.trim()) {
          form.setError("name", { type: "required", message: t("crmClients.notes.nameRequired") });
          valid = false;
        }
        if (!fromLocalInput(values.dateStart)) {
          form.setError("dateStart", { type: "required", message: t("crmClients.notes.dateRequired") });
          valid = false;
        }
        if (!valid) return;
        setProblem(null);
        save.mutate(values);
      })}
      pending={save.isPending}
      problem={problem}
      phoneFullScreen
    >
      <TextField
        label={t("crmClients.fields.noteName")}
        required
        {...form.register("name")}
        error={!!errors.name}
        helperText={errors.name?.message}
        slotProps={{ htmlInput: { maxLength: CRM_CLIENT_LIMITS.noteName } }}
      />
      <Controller
        control={form.control}
        name="dateStart"
        render={({ field }) => (
          <DateTimeField
            label={t("crmClients.fields.dateStart")}
            required
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={!!errors.dateStart}
            helperText={errors.dateStart?.message}
          />
        )}
      />
      <TextField
        label={t("crmClients.fields.description")}
        multiline
        minRows={3}
        {...form.register("description")}
        error={!!errors.description}
        helperText={errors.description?.message}
        slotProps={{ htmlInput: { maxLength: CRM_CLIENT_LIMITS.noteDescription } }}
      />
    </FormDialog>
  );
}
