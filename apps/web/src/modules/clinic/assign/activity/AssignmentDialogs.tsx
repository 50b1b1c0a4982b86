import type { AssignedActivity, AssignmentUpdate, BulkAssignmentInput, Paged, UserSummary } from "@clinic/shared";
import { Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../../lib/components/DateField.tsx";
import { useSettledText } from "../../../../lib/debounce.ts";
import { useAction, useResource } from "../../../../lib/resource.ts";
import type { SelectedPatient } from "../../../../lib/session.ts";
import { AssignmentFieldsInputs } from "./AssignmentFieldsInputs.tsx";
import { ASSIGNMENTS_KEY, assignmentChanges, bulkAssign, dayAfter, replicateAssignment, updateAssignment } from "./api.ts";
import { type AssignmentValues, checkAssignmentValues, type FieldErrors, serverFieldErrors } from "./assignmentFields.ts";

const valuesOf = (row: AssignedActivity): AssignmentValues => ({
  date: row.date,
  duration: String(row.duration),
  description: row.description,
  activate: row.activate,
  // Only a game has motion to set.
  motion: row.activity.type === "game" ? row.motion : undefined,
});

function FormDialog({
  open,
  title,
  text,
  submitLabel,
  busy,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  text?: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {text ? <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText> : null}
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Edit one assignment: its day, minutes, note, whether the patient sees it, and whether it is done. */
export function EditAssignmentDialog({ row, onClose }: { row: AssignedActivity; onClose: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => valuesOf(row));
  const [done, setDone] = useState(row.done);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useAction((input: AssignmentUpdate) => updateAssignment(row.id, input), {
    invalidate: [[ASSIGNMENTS_KEY, row.patientId]],
    replaces: (saved) => assignmentChanges([saved]),
    success: t("assignActivity.notices.updated"),
    onFieldErrors: (fields) => setErrors(serverFieldErrors(fields)),
    onSuccess: onClose,
  });
  function submit() {
    const found = checkAssignmentValues(values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({
      date: values.date,
      duration: Number(values.duration),
      description: values.description,
      activate: values.activate,
      motion: values.motion,
      done,
    });
  }
  return (
    <FormDialog
      open
      title={t("assignActivity.editTitle", { name: row.activity.name })}
      submitLabel={t("common.save")}
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <AssignmentFieldsInputs values={values} errors={errors} onChange={setValues} />
      <TextField select label={t("assignActivity.state")} value={done ? "done" : "pending"} onChange={(event) => setDone(event.target.value === "done")}>
        <MenuItem value="pending">{t("assignActivity.pending")}</MenuItem>
        <MenuItem value="done">{t("assignActivity.done")}</MenuItem>
      </TextField>
    </FormDialog>
  );
}

/** The patients the caller may assign to, searched on the server (for replicating to another patient). */
function PatientField({ value, onChange, error }: { value: SelectedPatient; onChange: (patient: SelectedPatient) => void; error?: string }) {
  const { t } = useTranslation();
  const [input, setInput] = useState("");
  const settled = useSettledText(input);
  const params = new URLSearchParams({ permission_codename_include: "is_patient", rowsPerPage: "25" });
  if (settled) params.set("q", settled);
  const { data } = useResource<Paged<UserSummary>>(["patients", "picker", settled], `/api/usuario/user?${params}`);
  const options: SelectedPatient[] = (data?.data ?? []).map(({ id, nombres, apellidos }) => ({ id, nombres, apellidos }));
  if (!options.some((option) => option.id === value.id)) options.unshift(value);
  return (
    <Autocomplete
      options={options}
      value={value}
      disableClearable
      filterOptions={(list) => list}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => `${option.nombres} ${option.apellidos}`.trim()}
      onChange={(_, chosen) => chosen && onChange(chosen)}
      onInputChange={(_, text, reason) => {
        if (reason === "input") setInput(text);
      }}
      renderInput={(params) => <TextField {...params} label={t("assignActivity.replicatePatient")} error={!!error} helperText={error} />}
    />
  );
}

/**
 * Replicate one assignment to another day and/or patient. Changing its minutes, note or
 * "active" on the way makes it "replicate and update" (spec §8 has a notice for each).
 */
export function ReplicateAssignmentDialog({
  row,
  patient,
  nutrition = false,
  onClose,
}: {
  row: AssignedActivity;
  patient: SelectedPatient;
  /** Copied from the nutrition plan's list: the copy is nutrition content too. */
  nutrition?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<AssignmentValues>(() => ({ ...valuesOf(row), date: dayAfter(row.date) }));
  const [target, setTarget] = useState<SelectedPatient>(patient);
  const [errors, setErrors] = useState<FieldErrors>({});
  const changed = {
    duration: Number(values.duration) !== row.duration ? Number(values.duration) : undefined,
    description: values.description.trim() !== row.description ? values.description : undefined,
    activate: values.activate !== row.activate ? values.activate : undefined,
    motion: values.motion !== undefined && values.motion !== row.motion ? values.motion : undefined,
  };
  const updates = Object.values(changed).some((value) => value !== undefined);
  const replicate = useAction(
    () => replicateAssignment(row.id, { date: values.date, ...(target.id !== row.patientId ? { patient: target.id } : {}), ...changed }),
    {
      invalidate: [[ASSIGNMENTS_KEY]],
      adds: (copy) => assignmentChanges([copy], nutrition),
      success: updates ? t("assignActivity.notices.replicatedUpdated") : t("assignActivity.notices.replicated"),
      onFieldErrors: (fields) => setErrors(serverFieldErrors(fields)),
      onSuccess: onClose,
    },
  );
  function submit() {
    const found = checkAssignmentValues(values, t);
    setErrors(found);
    if (Object.keys(found).length === 0) replicate.mutate(undefined);
  }
  return (
    <FormDialog
      open
      title={t("assignActivity.replicateTitle", { name: row.activity.name })}
      text={t("assignActivity.replicateText")}
      submitLabel={updates ? t("assignActivity.replicateUpdate") : t("assignActivity.replicate")}
      busy={replicate.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <PatientField value={target} onChange={setTarget} error={errors.patient} />
      <AssignmentFieldsInputs values={values} errors={errors} onChange={setValues} />
    </FormDialog>
  );
}

type Choice = "" | "yes" | "no";

/** One change for every selected assignment (what is left blank stays as it is), in one request. */
export function BulkUpdateDialog({ ids, patientId, onClose, onDone }: { ids: number[]; patientId: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [date, setDate] = useState("");
  const [duration, setDuration] = useState("");
  const [activate, setActivate] = useState<Choice>("");
  const [done, setDone] = useState<Choice>("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useAction(bulkAssign, {
    invalidate: [[ASSIGNMENTS_KEY, patientId]],
    replaces: (result) => assignmentChanges(result.data),
    success: t("assignActivity.notices.bulkUpdated"),
    onFieldErrors: (fields) => setErrors(serverFieldErrors(fields)),
    onSuccess: onDone,
  });
  function submit() {
    const found = checkAssignmentValues({ ...(date ? { date } : {}), ...(duration ? { duration } : {}) }, t);
    const changes = {
      ...(date ? { date } : {}),
      ...(duration ? { duration: Number(duration) } : {}),
      ...(activate ? { activate: activate === "yes" } : {}),
      ...(done ? { done: done === "yes" } : {}),
    };
    if (Object.keys(changes).length === 0) found.date = t("assignActivity.errors.nothing");
    setErrors(found);
    if (Object.keys(found).length === 0) update.mutate({ update: { ids, ...changes } } satisfies BulkAssignmentInput);
  }
  const choice = (label: string, value: Choice, set: (value: Choice) => void, yes: string, no: string) => (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => set(event.target.value as Choice)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{t("assignActivity.unchanged")}</MenuItem>
      <MenuItem value="yes">{yes}</MenuItem>
      <MenuItem value="no">{no}</MenuItem>
    </TextField>
  );
  return (
    <FormDialog
      open
      title={t("assignActivity.bulkTitle", { count: ids.length })}
      text={t("assignActivity.bulkText")}
      submitLabel={t("assignActivity.bulkSubmit", { count: ids.length })}
      busy={update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <DateField
        label={t("assignActivity.date")}
        value={date}
        onChange={setDate}
        error={!!errors.date}
        helperText={errors.date ?? t("assignActivity.blankKeeps")}
      />
      <TextField
        type="number"
        label={t("assignActivity.duration")}
        value={duration}
        onChange={(event) => setDuration(event.target.value)}
        error={!!errors.duration}
        helperText={errors.duration ?? t("assignActivity.blankKeeps")}
      />
      {choice(t("assignActivity.activate"), activate, setActivate, t("assignActivity.active"), t("assignActivity.inactive"))}
      {choice(t("assignActivity.state"), done, setDone, t("assignActivity.done"), t("assignActivity.pending"))}
    </FormDialog>
  );
}
