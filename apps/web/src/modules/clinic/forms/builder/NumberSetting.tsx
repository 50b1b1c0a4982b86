import { TextField } from "@mui/material";
import { type Control, Controller, type FieldPath } from "react-hook-form";
import type { BuilderValues } from "../builder-model.ts";

/** A number setting of a question (min, max, step, a score): empty is null; `error` already translated. */
export function NumberSetting({
  control,
  name,
  label,
  error,
  integer = false,
  width = 110,
}: {
  control: Control<BuilderValues>;
  name: FieldPath<BuilderValues>;
  label: string;
  error?: string;
  integer?: boolean;
  width?: number;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          label={label}
          size="small"
          type="number"
          value={typeof field.value === "number" && Number.isFinite(field.value) ? String(field.value) : ""}
          onChange={(event) => {
            const text = event.target.value;
            field.onChange(text === "" || !Number.isFinite(Number(text)) ? null : Number(text));
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!error}
          helperText={error}
          slotProps={{ htmlInput: { step: integer ? 1 : "any", inputMode: integer ? "numeric" : "decimal" } }}
          sx={{ width }}
        />
      )}
    />
  );
}
