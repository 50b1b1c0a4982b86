import { type CrmInitiativeDetail, type CrmInitiativeInput, crmInitiativeInputSchema, type UserSummary } from "@clinic/shared";
import { TextField } from "@mui/material";
import { useEffect, useState } from "react";
import { Controller, type Path, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { type PickerOption, SearchPicker } from "../../../lib/components/SearchPicker.tsx";
import { sharedMessage } from "../../../lib/field-messages.ts";
import { useAction } from "../../../lib/resource.ts";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { ClinicPicker } from "../../people/Pickers.tsx";
import { ClientPicker } from "../clients/ClientPicker.tsx";
import { AGENTS_PATH, createInitiative, EVERY_INITIATIVE_LIST, INITIATIVES_KEY, updateInitiative } from "./api.ts";
import { initiativeText } from "./refusals.ts";

type Values = z.output<typeof crmInitiativeInputSchema>;
const FIELDS = ["title", "description", "clientIds", "salesmanId", "clinicId"] as const;

const initial = (row: CrmInitiativeDetail | null): CrmInitiativeInput => ({
  title: row?.title ?? "",
  description: row?.description ?? "",
  clientIds: row?.clients.map((client) => client.id) ?? [],
  salesmanId: row?.salesman?.id ?? null,
});

/**
 * Add an initiative or change `initiative`: its title, description, clients and salesman (an
 * agent of the clinic: spec §6's selector). Only a CRM admin chooses the salesman; a platform
 * admin adding one first chooses its clinic.
 */
export function InitiativeDialog(props: {
  open: boolean;
  /** The initiative to change, as read with its clients (the list's rows carry only their count). */
  initiative: CrmInitiativeDetail | null;
  assigns: boolean;
  choosesClinic: boolean;
  onClose: () => void;
}) {
  const { open, initiative, onClose } = props;
  const { t } = useTranslation();
  const form = useForm<CrmInitiativeInput, unknown, Values>({ resolver: zodResolver(crmInitiativeInputSchema), defaultValues: initial(null) });
  const { reset } = form;
  const [salesman, setSalesman] = useState<PickerOption | null>(null);
  const [clinic, setClinic] = useState<PickerOption | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    reset(initial(initiative));
    setSalesman(initiative?.salesman ? { id: initiative.salesman.id, label: initiative.salesman.name } : null);
    setClinic(null);
    setProblem(null);
  }, [open, initiative, reset]);
  const save = useAction((input: Values) => (initiative ? updateInitiative(initiative.id, input) : createInitiative(input)), {
    invalidate: EVERY_INITIATIVE_LIST,
    success: () => t(initiative ? "crmInitiatives.notices.edited" : "crmInitiatives.notices.created"),
    onFieldErrors: (fields) => {
      const rest: string[] = [];
      for (const [path, messages] of Object.entries(fields)) {
        const text = messages.map((message) => initiativeText(t, message)).join(" ");
        if ((FIELDS as readonly string[]).includes(path)) form.setError(path as Path<CrmInitiativeInput>, { type: "server", message: text });
        else rest.push(text);
      }
      setProblem(rest.length > 0 ? rest.join(" ") : null);
    },
    onSuccess: () => onClose(),
  });
  const errors = form.formState.errors;
  const text = (field: (typeof FIELDS)[number]) => {
    const message = errors[field]?.message;
    return message ? sharedMessage(t, initiativeText(t, message)) : undefined;
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={initiative ? t("crmInitiatives.form.edit") : t("crmInitiatives.form.add")}
      onSubmit={form.handleSubmit((values) => {
        setProblem(null);
        save.mutate(!initiative && props.choosesClinic && clinic ? { ...values, clinicId: clinic.id } : values);
      })}
      pending={save.isPending}
      problem={problem}
      maxWidth="md"
      phoneFullScreen
    >
      {!initiative && props.choosesClinic ? (
        <ClinicPicker label={t("crmInitiatives.form.clinic")} required value={clinic} onChange={setClinic} error={text("clinicId")} />
      ) : null}
      <TextField
        label={t("crmInitiatives.fields.title")}
        required
        {...form.register("title")}
        error={!!text("title")}
        helperText={text("title")}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField
        label={t("crmInitiatives.fields.description")}
        multiline
        minRows={3}
        {...form.register("description")}
        error={!!text("description")}
        helperText={text("description")}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
      <Controller
        control={form.control}
        name="clientIds"
        render={({ field }) => (
          <ClientPicker value={field.value ?? []} onChange={field.onChange} label={t("crmInitiatives.fields.clients")} error={text("clientIds")} />
        )}
      />
      {props.assigns ? (
        <Controller
          control={form.control}
          name="salesmanId"
          render={({ field }) => (
            <SearchPicker<UserSummary>
              path={AGENTS_PATH}
              queryKey={[INITIATIVES_KEY, "agents"]}
              toOption={(user) => ({ id: user.id, label: `${user.nombres} ${user.apellidos}`.trim() || user.email })}
              value={salesman}
              onChange={(option) => {
                setSalesman(option);
                field.onChange(option?.id ?? null);
              }}
              label={t("crmInitiatives.fields.salesman")}
              noOptionsText={t("crmInitiatives.form.noAgents")}
              error={text("salesmanId")}
            />
          )}
        />
      ) : null}
    </FormDialog>
  );
}
