import {
  clinicInputSchema,
  type Language,
  NAME_PART_MAX,
  patientCreateSchema,
  patientUpdateSchema,
  staffCreateSchema,
  staffUpdateSchema,
} from "@clinic/shared";
import { zodResolver } from "../../lib/zod-resolver.ts";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import { useEffect, useId, useRef } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { applyFieldErrors } from "../../lib/forms.ts";
import { type ListChange, useAction } from "../../lib/resource.ts";
import type { InvitationOutcome } from "./api.ts";
import { invitationText } from "./PersonActions.tsx";
import { ClinicPicker, TherapistsPicker } from "./Pickers.tsx";

export type PersonKind = "clinic" | "therapist" | "patient";

interface Option {
  id: string;
  label: string;
}

/** Every field any of the three forms has; each kind validates (and sends) only its own. */
export interface PersonFormValues {
  name: string;
  nombres: string;
  apellidos: string;
  identification: string;
  email: string;
  language: Language;
  clinic: Option | null;
  therapists: Option[];
  /** A patient's mobile (WhatsApp), as typed; empty: none. */
  phone: string;
}

export const EMPTY_PERSON: PersonFormValues = {
  name: "",
  nombres: "",
  apellidos: "",
  identification: "",
  email: "",
  language: "en",
  clinic: null,
  therapists: [],
  phone: "",
};

// `strip`: the form holds every kind's fields; each schema keeps its own and drops the rest.
const schemaOf = (kind: PersonKind, editing: boolean) => {
  if (kind === "clinic") return clinicInputSchema.strip();
  if (kind === "therapist") return (editing ? staffUpdateSchema : staffCreateSchema).strip();
  return (editing ? patientUpdateSchema : patientCreateSchema).strip();
};

/** What the API receives: the form's pickers become ids. */
function payloadOf(values: PersonFormValues) {
  const { clinic, therapists, ...fields } = values;
  return { ...fields, clinicId: clinic?.id, therapistIds: therapists.map((therapist) => therapist.id) };
}

/** The list row a save answers, as a change of `list`: a creation's answer is the row plus the invitation it sent. */
export function personInList(list: string, result: object): ListChange[] {
  const { invitation: _sent, ...row } = result as { id: string; invitation?: InvitationOutcome };
  return [{ list: [list], records: [row] }];
}

const FIELDS = ["name", "nombres", "apellidos", "identification", "email", "language", "clinicId", "therapistIds", "phone"];

interface PersonDialogProps {
  kind: PersonKind;
  open: boolean;
  title: string;
  /** The values to edit; none to add. */
  initial: PersonFormValues | null;
  /** Admins choose the clinic of a new therapist or patient. */
  choosesClinic: boolean;
  /** The clinic whose therapists a patient may have, when the form does not choose it. */
  clinicId: string | null;
  /** Creates or updates; a creation answers the invitation it sent. */
  save: (payload: Record<string, unknown>) => Promise<object>;
  invalidate: unknown[][];
  /** The list's query-key root (usePagedList's resource): a new person shows first in it, an edited one is replaced where it is (spec §4). */
  list: string;
  /** Notices after adding (followed by what became of the invitation) and after editing. */
  texts: { created: string; updated: string };
  onClose: () => void;
}

/** Add or edit a clinic, a therapist or a patient, in a dialog over its list. */
export function PersonDialog(props: PersonDialogProps) {
  const { kind, open, initial } = props;
  const { t } = useTranslation();
  const titleId = useId();
  const editing = initial !== null;
  const form = useForm<PersonFormValues>({
    defaultValues: EMPTY_PERSON,
    // Validate the API's payload with the shared schema, and report errors on the form's own fields.
    resolver: async (values, context, options) => {
      const payload = payloadOf(values);
      const result = await zodResolver(schemaOf(kind, editing))(payload, context, options as never);
      const errors = { ...result.errors } as Record<string, unknown>;
      if (errors.clinicId) errors.clinic = errors.clinicId;
      if (errors.therapistIds) errors.therapists = errors.therapistIds;
      // The shared schema's message is English: the form says it in the interface's language.
      if (errors.phone) errors.phone = { ...(errors.phone as object), message: t("people.phoneInvalid") };
      return Object.keys(errors).length > 0 ? { values: {}, errors: errors as never } : { values, errors: {} };
    },
  });
  const { reset } = form;
  // Filled once as the dialog opens: a list refetch re-rendering the page must not wipe what is typed.
  const initialRef = useRef(initial);
  initialRef.current = initial;
  useEffect(() => {
    if (open) reset(initialRef.current ?? EMPTY_PERSON);
  }, [open, reset]);

  const save = useAction(
    async (values: PersonFormValues) => {
      const { clinicId, therapistIds, ...fields } = payloadOf(values);
      const payload: Record<string, unknown> = kind === "clinic" ? { name: fields.name } : { nombres: fields.nombres, apellidos: fields.apellidos };
      Object.assign(payload, { identification: fields.identification, email: fields.email, language: fields.language });
      if (kind !== "clinic" && props.choosesClinic && !editing) payload.clinicId = clinicId;
      if (kind === "patient") Object.assign(payload, { therapistIds, phone: fields.phone });
      return props.save(payload);
    },
    {
      invalidate: props.invalidate,
      adds: (result) => (editing ? [] : personInList(props.list, result)),
      replaces: (result) => (editing ? personInList(props.list, result) : []),
      success: (result) => {
        const invitation = (result as { invitation?: InvitationOutcome }).invitation;
        return invitation ? `${props.texts.created} ${invitationText(t, invitation)}` : props.texts.updated;
      },
      onFieldErrors: (fields) => {
        const mapped = Object.fromEntries(
          Object.entries(fields).map(([field, messages]) => [field === "clinicId" ? "clinic" : field === "therapistIds" ? "therapists" : field, messages]),
        );
        applyFieldErrors(form.setError, mapped, [...FIELDS, "clinic", "therapists"]);
      },
      onSuccess: () => props.onClose(),
    },
  );

  const errors = form.formState.errors;
  const chosenClinic = form.watch("clinic");
  const patientClinic = props.choosesClinic && !editing ? (chosenClinic?.id ?? null) : props.clinicId;

  return (
    <Dialog open={open} onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {kind === "clinic" ? (
              <TextField
                label={t("people.clinicName")}
                required
                autoFocus
                {...form.register("name")}
                error={!!errors.name}
                helperText={errors.name?.message ?? t("people.maxChars", { max: NAME_PART_MAX })}
              />
            ) : (
              <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                <TextField
                  fullWidth
                  label={t("people.nombres")}
                  required
                  autoFocus
                  {...form.register("nombres")}
                  error={!!errors.nombres}
                  helperText={errors.nombres?.message}
                />
                <TextField
                  fullWidth
                  label={t("people.apellidos")}
                  required
                  {...form.register("apellidos")}
                  error={!!errors.apellidos}
                  helperText={errors.apellidos?.message}
                />
              </Stack>
            )}
            <TextField
              label={t("people.email")}
              type="email"
              required
              {...form.register("email")}
              error={!!errors.email}
              helperText={errors.email?.message ?? (editing ? undefined : t("people.emailHint"))}
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <TextField
                fullWidth
                label={t("people.identification")}
                {...form.register("identification")}
                error={!!errors.identification}
                helperText={errors.identification?.message}
              />
              <Controller
                name="language"
                control={form.control}
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    fullWidth
                    label={t("people.language")}
                    {...field}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message ?? t("people.languageHint")}
                  >
                    <MenuItem value="en">{t("people.languages.en")}</MenuItem>
                    <MenuItem value="es">{t("people.languages.es")}</MenuItem>
                  </TextField>
                )}
              />
            </Stack>
            {kind === "patient" ? (
              <TextField
                label={t("people.phone")}
                type="tel"
                autoComplete="tel"
                {...form.register("phone")}
                error={!!errors.phone}
                helperText={errors.phone?.message ?? t("people.phoneHint")}
              />
            ) : null}
            {kind !== "clinic" && props.choosesClinic && !editing ? (
              <Controller
                name="clinic"
                control={form.control}
                render={({ field, fieldState }) => (
                  <ClinicPicker
                    value={field.value}
                    onChange={(clinic) => {
                      field.onChange(clinic);
                      form.setValue("therapists", []);
                    }}
                    label={t("people.clinic")}
                    required
                    error={fieldState.error?.message}
                  />
                )}
              />
            ) : null}
            {kind === "patient" ? (
              <Controller
                name="therapists"
                control={form.control}
                render={({ field, fieldState }) => (
                  <TherapistsPicker clinicId={patientClinic} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
                )}
              />
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {editing ? t("common.save") : t("people.createAndInvite")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
