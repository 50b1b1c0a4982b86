import { CRM_CLIENT_KINDS, CRM_CLIENT_LIMITS, type CrmClient, crmClientInputSchema } from "@clinic/shared";
import { Autocomplete, MenuItem, Stack, TextField } from "@mui/material";
import { useEffect, useState } from "react";
import { Controller, type Path, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { PickerOption } from "../../../lib/components/SearchPicker.tsx";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { SwitchField } from "../../../lib/components/SwitchField.tsx";
import { applyFieldErrors } from "../../../lib/forms.ts";
import { useAction } from "../../../lib/resource.ts";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { ClinicPicker } from "../../people/Pickers.tsx";
import { agentName, createClient, EVERY_CLIENT_LIST, updateClient, useAgents, useTags } from "./api.ts";
import { cleanTags, type ClientFormValues, clientFormValues, clientInputOf, clientText } from "./client-form.ts";

const FIELDS = ["kind", "firstName", "lastName", "organisation", "email", "phone", "city", "address", "consent", "ownerId", "tags"] as const;

/**
 * Add a client, or change `client`: a person or an organisation, contact data, consent to be
 * contacted, tags, and (for CRM admins) the agent who owns it. A platform admin adding one first
 * names its clinic.
 */
export function ClientDialog(props: { open: boolean; client: CrmClient | null; admin: boolean; choosesClinic: boolean; onClose: () => void }) {
  const { open, client, admin, choosesClinic, onClose } = props;
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [clinic, setClinic] = useState<PickerOption | null>(null);
  const form = useForm<ClientFormValues>({ resolver: zodResolver(crmClientInputSchema) as never, defaultValues: clientFormValues(null) });
  const { reset } = form;
  useEffect(() => {
    if (open) {
      reset(clientFormValues(client));
      setProblem(null);
      setClinic(null);
    }
  }, [open, client, reset]);
  const agents = useAgents(open && admin);
  const tags = useTags();
  const save = useAction(
    (values: ClientFormValues) => {
      const input = clientInputOf(values, admin);
      return client ? updateClient(client.id, input) : createClient(input, choosesClinic ? clinic?.id : null);
    },
    {
      invalidate: EVERY_CLIENT_LIST,
      success: () => t(client ? "crmClients.notices.clientEdited" : "crmClients.notices.clientCreated"),
      onFieldErrors: (fields) => {
        const rest = applyFieldErrors(form.setError, fields, FIELDS);
        setProblem(rest.length > 0 ? rest.map((message) => clientText(t, message)).join(" ") : null);
      },
      onSuccess: () => onClose(),
    },
  );
  const errors = form.formState.errors;
  const text = (name: (typeof FIELDS)[number]) => {
    const message = (errors[name] as { message?: string } | undefined)?.message;
    return message ? clientText(t, message) : undefined;
  };
  const kind = form.watch("kind");
  const field = (
    name: Path<ClientFormValues> & (typeof FIELDS)[number],
    max: number,
    extra: { required?: boolean; type?: string; multiline?: boolean } = {},
  ) => (
    <TextField
      label={t(`crmClients.fields.${name}`)}
      {...form.register(name)}
      required={extra.required}
      type={extra.type}
      multiline={extra.multiline}
      minRows={extra.multiline ? 2 : undefined}
      error={!!text(name)}
      helperText={text(name)}
      slotProps={{ htmlInput: { maxLength: max } }}
      fullWidth
    />
  );
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={client ? t("crmClients.clients.edit") : t("crmClients.clients.add")}
      onSubmit={form.handleSubmit((values) => {
        setProblem(null);
        save.mutate(values);
      })}
      pending={save.isPending}
      problem={problem}
      submitDisabled={!client && choosesClinic && !clinic}
      phoneFullScreen
    >
      {!client && choosesClinic ? <ClinicPicker label={t("crmClients.fields.clinic")} required value={clinic} onChange={setClinic} /> : null}
      <TextField select label={t("crmClients.fields.kind")} {...form.register("kind")} value={kind}>
        {CRM_CLIENT_KINDS.map((one) => (
          <MenuItem key={one} value={one}>
            {t(`crmClients.kinds.${one}`)}
          </MenuItem>
        ))}
      </TextField>
      {kind === "person" ? (
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          {field("firstName", CRM_CLIENT_LIMITS.name)}
          {field("lastName", CRM_CLIENT_LIMITS.name)}
        </Stack>
      ) : null}
      {field("organisation", CRM_CLIENT_LIMITS.organisation, { required: kind === "organisation" })}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        {field("email", CRM_CLIENT_LIMITS.email, { type: "email" })}
        {field("phone", CRM_CLIENT_LIMITS.phone, { type: "tel" })}
      </Stack>
      {field("city", CRM_CLIENT_LIMITS.city)}
      {field("address", CRM_CLIENT_LIMITS.address, { multiline: true })}
      <SwitchField control={form.control} name="consent" label={t("crmClients.fields.consent")} hint={t("crmClients.clients.consentHint")} />
      {admin ? (
        <Controller
          control={form.control}
          name="ownerId"
          render={({ field: owner }) => (
            <TextField
              select
              label={t("crmClients.fields.owner")}
              value={owner.value ?? ""}
              onChange={(event) => owner.onChange(event.target.value || null)}
              error={!!text("ownerId")}
              helperText={text("ownerId")}
            >
              <MenuItem value="">{t("crmClients.clients.noOwner")}</MenuItem>
              {client?.ownerId && !agents.data?.data.some((agent) => agent.id === client.ownerId) ? (
                <MenuItem value={client.ownerId}>{client.ownerName ?? client.ownerId}</MenuItem>
              ) : null}
              {(agents.data?.data ?? []).map((agent) => (
                <MenuItem key={agent.id} value={agent.id}>
                  {agentName(agent)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      ) : null}
      <Controller
        control={form.control}
        name="tags"
        render={({ field: chosen }) => (
          <Autocomplete
            multiple
            freeSolo
            options={(tags.data ?? []).map((tag) => tag.tag)}
            value={chosen.value}
            onChange={(_, next) => chosen.onChange(cleanTags(next.map((one) => one.slice(0, CRM_CLIENT_LIMITS.tag))).slice(0, CRM_CLIENT_LIMITS.tags))}
            renderInput={(params) => (
              <TextField {...params} label={t("crmClients.fields.tags")} error={!!text("tags")} helperText={text("tags") ?? t("crmClients.clients.tagsHint")} />
            )}
          />
        )}
      />
    </FormDialog>
  );
}
