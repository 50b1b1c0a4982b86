import type { DynamicForm, FormsPage, PatientRow } from "@clinic/shared";
import { Autocomplete, TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type PickerOption, SearchPicker } from "../../../../lib/components/SearchPicker.tsx";
import { useSettledText } from "../../../../lib/debounce.ts";
import { useResource } from "../../../../lib/resource.ts";
import { PATIENTS_KEY } from "../../../people/api.ts";
import { FORM_PICKER_KEY, formChoicesPath, formPath, patientPath } from "./api.ts";

const patientName = (patient: PatientRow) => `${patient.nombres} ${patient.apellidos}`.trim();

/**
 * The chosen patient of a linked list (`?patient=<id>`) by name: asked of the patients' API,
 * or, for staff who may not read it, taken from a row of the list it filters.
 */
export function usePatientOption(id: string, fallbackName: string | undefined): PickerOption | null {
  const { data } = useResource<PatientRow>([PATIENTS_KEY, "one", id], id ? patientPath(id) : null, { quiet: true });
  if (!id) return null;
  return { id, label: data ? patientName(data) : (fallbackName ?? "") };
}

/** The chosen form of a linked list (`?form=<id>`) by name, an archived one too. */
export function useFormOption(id: number | null, fallbackName: string | undefined): PickerOption | null {
  const { data } = useResource<DynamicForm>([FORM_PICKER_KEY, "one", id], id === null ? null : formPath(id), { quiet: true });
  if (id === null) return null;
  return { id: String(id), label: data?.name ?? fallbackName ?? "" };
}

/** The results of one patient in the staff member's scope, searched by name on the server. */
export function PatientFilter({ value, onChange }: { value: PickerOption | null; onChange: (patient: PickerOption | null) => void }) {
  const { t } = useTranslation();
  return (
    <SearchPicker<PatientRow>
      path="/api/user-patients/?rowsPerPage=20"
      queryKey={[PATIENTS_KEY, "form-results-picker"]}
      toOption={(patient) => ({ id: patient.id, label: patientName(patient) })}
      value={value}
      onChange={onChange}
      label={t("formResults.filters.patient")}
      noOptionsText={t("formResults.filters.noPatients")}
      size="small"
      sx={{ width: { xs: "100%", sm: 240 } }}
    />
  );
}

/** The results of one form: the first forms, or those whose name holds what is typed (`search-form/{q}/`). */
export function FormFilter({ value, onChange }: { value: PickerOption | null; onChange: (form: PickerOption | null) => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState("");
  const typed = useSettledText(input);
  const q = typed && typed !== value?.label ? typed : "";
  const path = formChoicesPath(q);
  const { data, network } = useResource<FormsPage>([FORM_PICKER_KEY, path], path);
  const options: PickerOption[] = (data?.data ?? []).map((form) => ({ id: String(form.id), label: form.name }));
  return (
    <Autocomplete
      options={value && !options.some((option) => option.id === value.id) ? [value, ...options] : options}
      value={value}
      onChange={(_, option) => onChange(option)}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      filterOptions={(all) => all}
      loading={network.isFetching}
      noOptionsText={t("formResults.filters.noForms")}
      size="small"
      sx={{ width: { xs: "100%", sm: 260 } }}
      renderInput={(params) => <TextField {...params} label={t("formResults.filters.form")} />}
    />
  );
}
