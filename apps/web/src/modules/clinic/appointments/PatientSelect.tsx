import type { PatientRow } from "@clinic/shared";
import { useTranslation } from "react-i18next";
import { type PickerOption, SearchPicker } from "../../../lib/components/SearchPicker.tsx";
import { PATIENTS_KEY } from "../../people/api.ts";

export type PatientOption = PickerOption;

/** One of the staff member's active patients (`GET /api/user-patients/`), searched on the server. */
export function PatientSelect({ value, onChange, error }: { value: PatientOption | null; onChange: (patient: PatientOption | null) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <SearchPicker<PatientRow>
      path="/api/user-patients/?active=true&rowsPerPage=20"
      queryKey={[PATIENTS_KEY, "appointment-picker"]}
      toOption={(patient) => ({ id: patient.id, label: `${patient.nombres} ${patient.apellidos}`.trim() })}
      value={value}
      onChange={onChange}
      error={error}
      label={t("appointments.fields.patient")}
      noOptionsText={t("appointments.noPatients")}
      required
    />
  );
}
