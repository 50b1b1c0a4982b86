import { FormControlLabel, FormHelperText, Switch } from "@mui/material";
import { type Control, Controller, type FieldPathByValue, type FieldValues } from "react-hook-form";

interface SwitchFieldProps<V extends FieldValues> {
  control: Control<V>;
  name: FieldPathByValue<V, boolean>;
  label: string;
  /** What switching it does, under the switch. */
  hint?: string;
}

/** A yes/no field of a react-hook-form form: a switch with its label, and what it means under it. */
export function SwitchField<V extends FieldValues>({ control, name, label, hint }: SwitchFieldProps<V>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <div>
          <FormControlLabel control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />} label={label} />
          {hint ? <FormHelperText sx={{ mt: 0 }}>{hint}</FormHelperText> : null}
        </div>
      )}
    />
  );
}
