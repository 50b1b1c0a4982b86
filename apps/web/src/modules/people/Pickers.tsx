import type { ClinicRow, Paged, StaffRow } from "@clinic/shared";
import { Autocomplete, Box, FormHelperText, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { ChosenChips } from "../../lib/components/ChoiceChips.tsx";
import { SearchPicker } from "../../lib/components/SearchPicker.tsx";
import { useResource } from "../../lib/resource.ts";
import { CLINICS_KEY, STAFF_KEY } from "./api.ts";

interface Option {
  id: string;
  label: string;
}

/** Admins choose a clinic, searched on the server (active clinics only). */
export function ClinicPicker(props: {
  value: Option | null;
  onChange: (clinic: Option | null) => void;
  label: string;
  error?: string;
  required?: boolean;
  size?: "small" | "medium";
}) {
  const { t } = useTranslation();
  return (
    <SearchPicker<ClinicRow>
      {...props}
      path="/api/clinics/?active=true&rowsPerPage=20"
      queryKey={[CLINICS_KEY, "picker"]}
      toOption={(clinic) => ({ id: clinic.id, label: clinic.name })}
      noOptionsText={t("people.noClinics")}
      sx={{ minWidth: 240 }}
    />
  );
}

/** Several clinics, added one at a time with the picker and shown as removable chips. */
export function ClinicsChooser(props: {
  value: Option[];
  onChange: (clinics: Option[]) => void;
  label: string;
  hint: string;
  error?: string;
  removeLabel: (clinic: string) => string;
}) {
  const { value, onChange } = props;
  return (
    <Box>
      <ClinicPicker
        label={props.label}
        value={null}
        error={props.error}
        onChange={(clinic) => {
          if (clinic && !value.some((one) => one.id === clinic.id)) onChange([...value, clinic]);
        }}
      />
      <FormHelperText>{props.hint}</FormHelperText>
      <ChosenChips value={value} onChange={onChange} removeLabel={props.removeLabel} />
    </Box>
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
