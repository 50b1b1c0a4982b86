import type { Paged, PatientRow } from "@clinic/shared";
import { Autocomplete, TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSettledText } from "../../../lib/debounce.ts";
import { useResource } from "../../../lib/resource.ts";
import { PATIENTS_KEY } from "../../people/api.ts";

export interface PatientOption {
  id: string;
  label: string;
}

/** One of the staff member's active patients (`GET /api/user-patients/`), searched on the server. */
export function PatientSelect({ value, onChange, error }: { value: PatientOption | null; onChange: (patient: PatientOption | null) => void; error?: string }) {
  const { t } = useTranslation();
  const [input, setInput] = useState("");
  const q = useSettledText(input);
  const path = `/api/user-patients/?active=true&rowsPerPage=20${q && q !== value?.label ? `&q=${encodeURIComponent(q)}` : ""}`;
  const { data, network } = useResource<Paged<PatientRow>>([PATIENTS_KEY, "appointment-picker", path], path);
  const options = (data?.data ?? []).map((patient) => ({ id: patient.id, label: `${patient.nombres} ${patient.apellidos}`.trim() }));
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
      noOptionsText={t("appointments.noPatients")}
      renderInput={(params) => <TextField {...params} label={t("appointments.fields.patient")} required error={!!error} helperText={error} />}
    />
  );
}
