import {
  CRM_ACTIVITY_LIMITS,
  CRM_CALL_OUTCOMES,
  type CrmActivity,
  type CrmActivityKind,
  type CrmCallOutcome,
  crmActivityProblems,
  type UserSummary,
} from "@clinic/shared";
import { MenuItem, TextField } from "@mui/material";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateTimeField } from "../../../lib/components/DateTimeField.tsx";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { type PickerOption, SearchPicker } from "../../../lib/components/SearchPicker.tsx";
import { fromLocalInput, toLocalInput } from "../../../lib/dates.ts";
import { applyFieldErrors } from "../../../lib/forms.ts";
import { useAction } from "../../../lib/resource.ts";
import { createActivity, EVERY_TELEMARKET_LIST, TELEMARKET_KEY, telemarketText, updateActivity, useCan } from "./api.ts";

/** The clinic's agents (spec §6 agent selector: is_crm_agent and not is_admin). */
const AGENTS_PATH = "/api/usuario/user?permission_codename_include=is_crm_agent&permission_codename_exclude=is_admin&rowsPerPage=20";

interface ActivityValues {
  at: string;
  durationMinutes: string;
  subject: string;
  notes: string;
  outcome: CrmCallOutcome | "";
  callBackAt: string;
}

const FIELDS = ["at", "durationMinutes", "subject", "notes", "outcome", "callBackAt"] as const;
const HOUR = 3_600_000;

export interface ActivityDialogProps {
  open: boolean;
  /** A new call or meeting on this client; ignored when `activity` is given (its own). */
  clientId: number;
  kind: CrmActivityKind;
  /** The call or meeting to change; null adds one. */
  activity: CrmActivity | null;
  /** The initiative a new one belongs to (the call centre's source). */
  initiativeId?: number | null;
  onClose: () => void;
  onSaved?: (activity: CrmActivity) => void;
}

/** The start a new one gets: now for a call, the next full hour tomorrow for a meeting. */
function defaultStart(kind: CrmActivityKind): string {
  if (kind === "call") return new Date().toISOString();
  const start = new Date(Date.now() + 24 * HOUR);
  start.setMinutes(0, 0, 0);
  return start.toISOString();
}

/**
 * Logs a call (its outcome, and when to call back) or books a meeting (a start in the future and
 * a length), or changes one (spec §3 meetCall). The shared rules check the form before the call;
 * the server's refusals land on their fields.
 */
export function ActivityDialog({ open, clientId, kind: newKind, activity, initiativeId, onClose, onSaved }: ActivityDialogProps) {
  const { t } = useTranslation();
  const kind = activity?.kind ?? newKind;
  const [problem, setProblem] = useState<string | null>(null);
  // A CRM admin may log or book for one of the clinic's agents; anyone else for themself.
  const admin = useCan()("is_admin");
  const [agent, setAgent] = useState<PickerOption | null>(null);
  const form = useForm<ActivityValues>({ defaultValues: { at: "", durationMinutes: "", subject: "", notes: "", outcome: "", callBackAt: "" } });
  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset({
      at: toLocalInput(activity?.at ?? defaultStart(kind)),
      durationMinutes: String(activity?.durationMinutes ?? (kind === "meeting" ? 30 : 5)),
      subject: activity?.subject ?? "",
      notes: activity?.notes ?? "",
      outcome: activity?.outcome ?? "",
      callBackAt: toLocalInput(activity?.callBackAt ?? null),
    });
    setProblem(null);
    setAgent(activity?.agentId ? { id: activity.agentId, label: activity.agentName ?? "" } : null);
  }, [open, activity, kind, reset]);
  const outcome = form.watch("outcome");

  const save = useAction(
    (values: ActivityValues) => {
      const fields = {
        at: fromLocalInput(values.at),
        durationMinutes: Number(values.durationMinutes),
        subject: values.subject,
        notes: values.notes,
        outcome: kind === "call" ? (values.outcome as CrmCallOutcome) : null,
        callBackAt: kind === "call" && values.outcome === "call_back" ? fromLocalInput(values.callBackAt) : null,
        ...(admin && agent ? { agentId: agent.id } : {}),
      };
      return activity ? updateActivity(activity.id, fields) : createActivity({ ...fields, clientId, kind, initiativeId: initiativeId ?? null });
    },
    {
      invalidate: EVERY_TELEMARKET_LIST,
      success: () =>
        t(`crmTelemarket.notices.${kind === "meeting" ? (activity ? "meetingEdited" : "meetingCreated") : activity ? "callEdited" : "callCreated"}`),
      onFieldErrors: (fields) => {
        const rest = applyFieldErrors(form.setError, fields, FIELDS);
        setProblem(rest.length > 0 ? rest.map((message) => telemarketText(t, message)).join(" ") : null);
      },
      onSuccess: (saved) => {
        onSaved?.(saved);
        onClose();
      },
    },
  );

  const submit = form.handleSubmit((values) => {
    const at = fromLocalInput(values.at);
    const minutes = Number(values.durationMinutes);
    const callBackAt = values.outcome === "call_back" ? fromLocalInput(values.callBackAt) : null;
    const problems: Partial<Record<(typeof FIELDS)[number], string>> = {};
    if (!at) problems.at = t("crmTelemarket.dialog.atRequired");
    if (!Number.isInteger(minutes) || minutes < 0 || minutes > CRM_ACTIVITY_LIMITS.durationMax) problems.durationMinutes = t("crmTelemarket.refusals.duration");
    const startChanged = !activity || at !== activity.at;
    const rules = crmActivityProblems(
      kind,
      { at: at || undefined, durationMinutes: minutes, outcome: kind === "call" ? values.outcome || null : null, callBackAt },
      { startChanged, callBackChanged: !activity || callBackAt !== activity.callBackAt },
    );
    for (const [field, message] of Object.entries(rules)) problems[field as keyof typeof problems] ??= telemarketText(t, message as string);
    if (values.outcome === "call_back" && values.callBackAt && !callBackAt) problems.callBackAt = t("crmTelemarket.dialog.atRequired");
    for (const [field, message] of Object.entries(problems)) form.setError(field as (typeof FIELDS)[number], { type: "rule", message });
    if (Object.keys(problems).length > 0) return;
    setProblem(null);
    save.mutate(values);
  });

  const errors = form.formState.errors;
  const title = t(`crmTelemarket.dialog.${kind === "meeting" ? (activity ? "editMeeting" : "bookMeeting") : activity ? "editCall" : "logCall"}`);
  return (
    <FormDialog open={open} onClose={onClose} title={title} onSubmit={submit} pending={save.isPending} problem={problem} phoneFullScreen>
      {kind === "call" ? (
        <TextField
          select
          label={t("crmTelemarket.fields.outcome")}
          required
          value={outcome}
          onChange={(event) => {
            form.setValue("outcome", event.target.value as CrmCallOutcome);
            form.clearErrors("outcome");
          }}
          error={!!errors.outcome}
          helperText={errors.outcome?.message}
        >
          {CRM_CALL_OUTCOMES.map((one) => (
            <MenuItem key={one} value={one}>
              {t(`crmTelemarket.outcomes.${one}`)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <Controller
        control={form.control}
        name="at"
        render={({ field }) => (
          <DateTimeField
            label={t(kind === "meeting" ? "crmTelemarket.fields.start" : "crmTelemarket.fields.calledAt")}
            required
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={!!errors.at}
            helperText={errors.at?.message}
          />
        )}
      />
      {kind === "call" && outcome === "call_back" ? (
        <Controller
          control={form.control}
          name="callBackAt"
          render={({ field }) => (
            <DateTimeField
              label={t("crmTelemarket.fields.callBackAt")}
              required
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={!!errors.callBackAt}
              helperText={errors.callBackAt?.message}
            />
          )}
        />
      ) : null}
      {admin ? (
        <SearchPicker<UserSummary>
          path={AGENTS_PATH}
          queryKey={[TELEMARKET_KEY, "agents"]}
          toOption={(user) => ({ id: user.id, label: `${user.nombres} ${user.apellidos}`.trim() || user.email })}
          value={agent}
          onChange={setAgent}
          label={t("crmTelemarket.dialog.agent")}
          noOptionsText={t("crmTelemarket.dialog.noAgents")}
        />
      ) : null}
      <TextField
        label={t("crmTelemarket.fields.durationMinutes")}
        type="number"
        required={kind === "meeting"}
        {...form.register("durationMinutes")}
        error={!!errors.durationMinutes}
        helperText={errors.durationMinutes?.message}
        slotProps={{ htmlInput: { min: 0, max: CRM_ACTIVITY_LIMITS.durationMax, step: 5 } }}
        sx={{ maxWidth: 220 }}
      />
      <TextField
        label={t("crmTelemarket.fields.subject")}
        {...form.register("subject")}
        error={!!errors.subject}
        helperText={errors.subject?.message}
        slotProps={{ htmlInput: { maxLength: CRM_ACTIVITY_LIMITS.subjectMax } }}
      />
      <TextField
        label={t("crmTelemarket.fields.notes")}
        multiline
        minRows={3}
        {...form.register("notes")}
        error={!!errors.notes}
        helperText={errors.notes?.message}
        slotProps={{ htmlInput: { maxLength: CRM_ACTIVITY_LIMITS.notesMax } }}
      />
    </FormDialog>
  );
}
