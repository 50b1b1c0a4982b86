import type { FormSummary, Paged, PatientRow } from "@clinic/shared";
import { Alert, Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import dayjs from "dayjs";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PickerOption } from "../../../lib/components/SearchPicker.tsx";
import { DateField } from "../../../lib/components/DateField.tsx";
import { useSettledText } from "../../../lib/debounce.ts";
import { useAction, useResource } from "../../../lib/resource.ts";
import { useSelectedPatient } from "../../../lib/session.ts";
import { PATIENTS_KEY } from "../../people/api.ts";
import { ASSIGNED_FORMS_KEY, assignForm } from "./api.ts";
import { FormQuestionsPreview } from "./FormQuestionsPreview.tsx";
import { translateFormMessage } from "./messages.ts";

/** The caller's active patients, searched on the server as one types; several may be picked. */
function PatientsPicker({ value, onChange, error }: { value: PickerOption[]; onChange: (patients: PickerOption[]) => void; error?: string }) {
  const { t } = useTranslation();
  const [input, setInput] = useState("");
  const q = useSettledText(input);
  const path = `/api/user-patients/?active=true&rowsPerPage=20${q ? `&q=${encodeURIComponent(q)}` : ""}`;
  const { data, network } = useResource<Paged<PatientRow>>([PATIENTS_KEY, "form-picker", path], path);
  const options = (data?.data ?? []).map((patient) => ({ id: patient.id, label: `${patient.nombres} ${patient.apellidos}`.trim() }));
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      onChange={(_, picked) => onChange(picked)}
      inputValue={input}
      onInputChange={(_, text, reason) => {
        if (reason !== "reset") setInput(text);
      }}
      isOptionEqualToValue={(option, picked) => option.id === picked.id}
      filterOptions={(all) => all}
      filterSelectedOptions
      loading={network.isFetching}
      noOptionsText={t("dynamicForms.assign.noPatients")}
      renderInput={(params) => <TextField {...params} label={t("dynamicForms.assign.patients")} required error={!!error} helperText={error} />}
    />
  );
}

/** Assigns one form to one or many patients, due on a day or not (spec §8's notice on success). */
export function AssignFormDialog({ form, onClose }: { form: FormSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const selected = useSelectedPatient();
  // The patient selected in the top bar is the likeliest one to assign to.
  const [patients, setPatients] = useState<PickerOption[]>(selected ? [{ id: selected.id, label: `${selected.nombres} ${selected.apellidos}`.trim() }] : []);
  const [dueDate, setDueDate] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const assign = useAction(() => assignForm({ form: form.id, patients: patients.map((patient) => patient.id), dueDate: dueDate || null }), {
    invalidate: [[ASSIGNED_FORMS_KEY]],
    success: t("dynamicForms.notices.assigned"),
    onFieldErrors: (fields) =>
      setErrors(
        Object.fromEntries(
          Object.entries(fields).map(([field, messages]) => [
            field.split(".")[0] ?? field,
            messages.map((message) => translateFormMessage(message, t)).join(" "),
          ]),
        ),
      ),
    onSuccess: onClose,
  });
  const submit = () => {
    if (patients.length === 0) return setErrors({ patients: t("dynamicForms.assign.pickPatients") });
    setErrors({});
    assign.mutate(undefined);
  };
  const known = ["patients", "dueDate"];
  const other = Object.entries(errors).filter(([field]) => !known.includes(field));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t("dynamicForms.assign.title", { name: form.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {other.length > 0 ? <Alert severity="error">{other.map(([, message]) => message).join(" ")}</Alert> : null}
          <FormQuestionsPreview formId={form.id} />
          <PatientsPicker value={patients} onChange={setPatients} error={errors.patients} />
          <DateField
            label={t("dynamicForms.assign.dueDate")}
            value={dueDate}
            onChange={setDueDate}
            minDate={dayjs().format("YYYY-MM-DD")}
            error={!!errors.dueDate}
            helperText={errors.dueDate ?? t("dynamicForms.assign.dueHint")}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button variant="contained" onClick={submit} disabled={assign.isPending}>
          {t("dynamicForms.actions.assign")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
