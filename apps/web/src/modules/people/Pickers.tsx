import type { ClinicRow, Paged, StaffRow } from "@clinic/shared";
import { Autocomplete, TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSettledText } from "../../lib/debounce.ts";
import { useResource } from "../../lib/resource.ts";
import { CLINICS_KEY, STAFF_KEY } from "./api.ts";

interface Option {
  id: string;
  label: string;
}

/** Admins choose a clinic, searched on the server (active clinics only). */
export function ClinicPicker({
  value,
  onChange,
  label,
  error,
  required,
  size,
}: {
  value: Option | null;
  onChange: (clinic: Option | null) => void;
  label: string;
  error?: string;
  required?: boolean;
  size?: "small" | "medium";
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState("");
  const q = useSettledText(input);
  const path = `/api/clinics/?active=true&rowsPerPage=20${q && q !== value?.label ? `&q=${encodeURIComponent(q)}` : ""}`;
  const { data, network } = useResource<Paged<ClinicRow>>([CLINICS_KEY, "picker", path], path);
  const options = (data?.data ?? []).map((clinic) => ({ id: clinic.id, label: clinic.name }));
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
      noOptionsText={t("people.noClinics")}
      size={size}
      sx={{ minWidth: 240 }}
      renderInput={(params) => <TextField {...params} label={label} required={required} error={!!error} helperText={error} />}
    />
  );
}

/** The therapists of one clinic (active ones) who treat a patient. */
export function TherapistsPicker({
  clinicId,
  value,
  onChange,
  error,
}: {
  clinicId: string | null;
  value: Option[];
  onChange: (therapists: Option[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const path = clinicId ? `/api/staff/?active=true&rowsPerPage=100&clinic=${encodeURIComponent(clinicId)}` : null;
  const { data, network } = useResource<Paged<StaffRow>>([STAFF_KEY, "picker", path], path);
  const options = (data?.data ?? []).map((therapist) => ({ id: therapist.id, label: `${therapist.nombres} ${therapist.apellidos}`.trim() }));
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      onChange={(_, selected) => onChange(selected)}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      loading={network.isFetching}
      disabled={!clinicId}
      noOptionsText={t("people.noTherapists")}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t("people.therapists")}
          error={!!error}
          helperText={error ?? (clinicId ? t("people.therapistsHint") : t("people.chooseClinicFirst"))}
        />
      )}
    />
  );
}
