import { MenuItem, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";

export type ActiveChoice = "" | "true" | "false";

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
