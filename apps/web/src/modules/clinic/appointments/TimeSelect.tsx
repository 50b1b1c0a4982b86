import { MenuItem, TextField } from "@mui/material";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { scheduleTimeOptions, timeLabel } from "./format.ts";

const TIMES = scheduleTimeOptions();

/**
 * A wall-clock time of spec §9's 15-minute steps ("hh:mm am"), chosen from a list: the rows of a
 * clinic schedule and of the booking app's service hours pick their start and end with it.
 */
export function TimeSelect<Values extends FieldValues>({
  control,
  name,
  label,
  error,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: a form's transformed output type does not matter to one field.
  control: Control<Values, unknown, any>;
  name: FieldPath<Values>;
  label: string;
  error?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField select size="small" label={label} required {...field} value={field.value ?? ""} error={!!error} helperText={error}>
          {TIMES.map((time) => (
            <MenuItem key={time} value={time}>
              {timeLabel(time)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
