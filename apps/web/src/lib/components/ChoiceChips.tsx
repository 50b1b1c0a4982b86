import { Checkbox, Chip, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, Stack } from "@mui/material";

export interface ChosenOption {
  id: string;
  label: string;
}

/** What was chosen one by one (clinics, people), each a chip that removes it when pressed. */
export function ChosenChips({
  value,
  onChange,
  removeLabel,
}: {
  value: ChosenOption[];
  onChange: (next: ChosenOption[]) => void;
  removeLabel: (label: string) => string;
}) {
  if (value.length === 0) return null;
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: "wrap", gap: 1, mt: 1 }}>
      {value.map((option) => {
        const remove = () => onChange(value.filter((one) => one.id !== option.id));
        return <Chip key={option.id} label={option.label} aria-label={removeLabel(option.label)} onClick={remove} onDelete={remove} />;
      })}
    </Stack>
  );
}

/** A row of checkboxes choosing several of a few values (roles), under a legend. */
export function CheckboxChoices<T extends string>(props: {
  legend: string;
  options: readonly { value: T; label: string }[];
  value: readonly T[];
  onChange: (next: T[]) => void;
  error?: string;
  hint?: string;
}) {
  const { value, onChange } = props;
  return (
    <FormControl component="fieldset" error={!!props.error}>
      <FormLabel component="legend">{props.legend}</FormLabel>
      <FormGroup row>
        {props.options.map((option) => (
          <FormControlLabel
            key={option.value}
            label={option.label}
            control={
              <Checkbox
                checked={value.includes(option.value)}
                onChange={(event) => onChange(event.target.checked ? [...value, option.value] : value.filter((one) => one !== option.value))}
              />
            }
          />
        ))}
      </FormGroup>
      {props.error || props.hint ? <FormHelperText>{props.error ?? props.hint}</FormHelperText> : null}
    </FormControl>
  );
}
