import { FormControl, FormHelperText, InputLabel, OutlinedInput, type OutlinedInputProps } from "@mui/material";
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";

export interface PlainTextFieldProps extends Omit<OutlinedInputProps, "label" | "ref" | "slotProps"> {
  label: ReactNode;
  helperText?: ReactNode;
  /** On the root, as MUI's TextField does (react-hook-form's `register` finds the input inside). */
  ref?: Ref<HTMLDivElement>;
  slotProps?: { htmlInput?: InputHTMLAttributes<HTMLInputElement> };
}

/**
 * MUI's outlined TextField for plain text, password and email boxes, built from the same parts
 * (FormControl, InputLabel, OutlinedInput, FormHelperText) with the same ids and ARIA links.
 * TextField itself also carries its select mode (Select, Menu, Popover, Modal): pages loaded
 * before sign-in use this one to stay light.
 */
export function PlainTextField({ label, helperText, error, required, disabled, fullWidth, ref, id, slotProps, ...input }: PlainTextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl ref={ref} error={error} required={required} disabled={disabled} fullWidth={fullWidth} variant="outlined">
      <InputLabel htmlFor={inputId} id={`${inputId}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput id={inputId} label={label} aria-describedby={helperId} inputProps={slotProps?.htmlInput} {...input} />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
