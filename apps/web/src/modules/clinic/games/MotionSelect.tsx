import { MOTION_PRESETS } from "@clinic/shared";
import { MenuItem, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";

/** The motion intensity of a game (the therapist's 10–100 %), offered as its presets. */
export function MotionSelect({
  label,
  value,
  onChange,
  error,
  helperText,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  error?: string;
  helperText?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      error={!!error}
      helperText={error ?? helperText}
      sx={{ minWidth: 220 }}
    >
      {MOTION_PRESETS.map((preset) => (
        <MenuItem key={preset} value={preset}>
          {t(`games.motionPresets.${preset}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
