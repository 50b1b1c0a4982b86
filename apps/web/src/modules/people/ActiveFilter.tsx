import { MenuItem, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";

export type ActiveChoice = "" | "true" | "false";

/** Whether a person (one just added, shown first) belongs in a list filtered by `choice`. */
export const fitsActive = (choice: ActiveChoice, person: { isActive: boolean }) => choice === "" || String(person.isActive) === choice;

/** All, active or deactivated accounts (the `active` query of the people lists). */
export function ActiveFilter({ value, onChange }: { value: ActiveChoice; onChange: (value: ActiveChoice) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t("people.state")}
      value={value}
      onChange={(event) => onChange(event.target.value as ActiveChoice)}
      sx={{ minWidth: 160 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{t("people.stateAll")}</MenuItem>
      <MenuItem value="true">{t("people.stateActive")}</MenuItem>
      <MenuItem value="false">{t("people.stateInactive")}</MenuItem>
    </TextField>
  );
}
