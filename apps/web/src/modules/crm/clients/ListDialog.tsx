import { CRM_CLIENT_LIMITS, type CrmList } from "@clinic/shared";
import { TextField } from "@mui/material";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import type { PickerOption } from "../../../lib/components/SearchPicker.tsx";
import { applyFieldErrors } from "../../../lib/forms.ts";
import { useAction } from "../../../lib/resource.ts";
import { ClinicPicker } from "../../people/Pickers.tsx";
import { changeListClients, createList, EVERY_CLIENT_LIST, updateList } from "./api.ts";
import { ClientPicker } from "./ClientPicker.tsx";
import { clientText } from "./client-form.ts";

interface ListValues {
  title: string;
  description: string;
  clientIds: number[];
}

const FIELDS = ["title", "description", "clientIds"] as const;

/**
 * Add a user list (spec §3: title, description, related users), or change `list`: its title and
 * description, and clients to add to it (its clients are removed from the list's own view).
 */
export function ListDialog({ open, list, choosesClinic, onClose }: { open: boolean; list: CrmList | null; choosesClinic: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [clinic, setClinic] = useState<PickerOption | null>(null);
  const form = useForm<ListValues>({ defaultValues: { title: "", description: "", clientIds: [] } });
  const { reset } = form;
  useEffect(() => {
    if (open) {
      reset({ title: list?.title ?? "", description: list?.description ?? "", clientIds: [] });
      setProblem(null);
      setClinic(null);
    }
  }, [open, list, reset]);
  const save = useAction(
    async (values: ListValues) => {
      if (!list) return createList(values, choosesClinic ? clinic?.id : null);
      const changed = await updateList(list.id, { title: values.title, description: values.description });
      return values.clientIds.length > 0 ? changeListClients(list.id, { add: values.clientIds, remove: [] }) : changed;
    },
    {
      invalidate: EVERY_CLIENT_LIST,
      success: () => t(list ? "crmClients.notices.listEdited" : "crmClients.notices.listCreated"),
      onFieldErrors: (fields) => {
        // The list's clients change through `add`: its refusal belongs to the picker.
        const placed = Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field === "add" ? "clientIds" : field, messages]));
        const rest = applyFieldErrors(form.setError, placed, FIELDS);
        setProblem(rest.length > 0 ? rest.map((message) => clientText(t, message)).join(" ") : null);
      },
      onSuccess: () => onClose(),
    },
  );
  const errors = form.formState.errors;
  const text = (name: (typeof FIELDS)[number]) => (errors[name]?.message ? clientText(t, errors[name]?.message as string) : undefined);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={list ? t("crmClients.lists.edit") : t("crmClients.lists.add")}
      onSubmit={form.handleSubmit((values) => {
        if (!values.title.trim()) {
          form.setError("title", { type: "required", message: t("crmClients.lists.titleRequired") });
          return;
        }
        setProblem(null);
        save.mutate(values);
      })}
      pending={save.isPending}
      problem={problem}
      submitDisabled={!list && choosesClinic && !clinic}
      phoneFullScreen
    >
      {!list && choosesClinic ? <ClinicPicker label={t("crmClients.fields.clinic")} required value={clinic} onChange={setClinic} /> : null}
      <TextField
        label={t("crmClients.fields.title")}
        required
        {...form.register("title")}
        error={!!text("title")}
        helperText={text("title")}
        slotProps={{ htmlInput: { maxLength: CRM_CLIENT_LIMITS.listTitle } }}
      />
      <TextField
        label={t("crmClients.fields.description")}
        multiline
        minRows={2}
        {...form.register("description")}
        error={!!text("description")}
        helperText={text("description")}
        slotProps={{ htmlInput: { maxLength: CRM_CLIENT_LIMITS.listDescription } }}
      />
      <Controller
        control={form.control}
        name="clientIds"
        render={({ field }) => (
          <ClientPicker
            value={field.value}
            onChange={field.onChange}
            label={list ? t("crmClients.lists.addClients") : t("crmClients.fields.relatedUsers")}
            error={text("clientIds")}
          />
        )}
      />
    </FormDialog>
  );
}
