import { APPOINTMENT_DURATIONS, APPOINTMENT_TYPE_IDS, NAME_MAX } from "@clinic/shared";
import { MenuItem, TextField } from "@mui/material";
import type { Ref } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";

/** The required name and description of spec §5, as services, schedules and appointments ask for them. */
export function NameAndDescription(props: {
  name: UseFormRegisterReturn;
  description: UseFormRegisterReturn;
  /** Messages to show under each field, already in the interface language. */
  errors: { name?: string; description?: string };
  labels: { name: string; description: string };
  descriptionHint?: string;
}) {
  const { t } = useTranslation();
  const { errors, labels } = props;
  return (
    <>
      <TextField label={labels.name} required {...props.name} error={!!errors.name} helperText={errors.name ?? t("catalogue.nameHint", { max: NAME_MAX })} />
      <TextField
        label={labels.description}
        required
        multiline
        minRows={2}
        {...props.description}
        error={!!errors.description}
        helperText={errors.description ?? props.descriptionHint}
      />
    </>
  );
}

interface SelectProps {
  name: string;
  value: number | undefined;
  onChange: (value: number) => void;
  onBlur: () => void;
  ref?: Ref<HTMLInputElement>;
  label: string;
  error?: string;
  helperText?: string;
}

function NumberSelect({
  options,
  optionLabel,
  error,
  helperText,
  onChange,
  ref,
  ...field
}: SelectProps & { options: readonly number[]; optionLabel: (value: number) => string }) {
  return (
    <TextField
      select
      required
      {...field}
      inputRef={ref}
      onChange={(event) => onChange(Number(event.target.value))}
      error={!!error}
      helperText={error ?? helperText}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Appointment lengths of §9: 15, 30, 45 or 60 minutes. */
export function DurationSelect(props: SelectProps) {
  const { t } = useTranslation();
  return <NumberSelect {...props} options={APPOINTMENT_DURATIONS} optionLabel={(minutes) => t("appointments.minutes", { count: minutes })} />;
}

/** Appointment types of §9 (Office … Zoom), or only those a schedule offers. */
export function AppointmentTypeSelect(props: SelectProps & { types?: readonly number[] }) {
  const { t } = useTranslation();
  const { types, ...rest } = props;
  return <NumberSelect {...rest} options={types?.length ? types : APPOINTMENT_TYPE_IDS} optionLabel={(id) => t(`appointments.types.${id}`)} />;
}
