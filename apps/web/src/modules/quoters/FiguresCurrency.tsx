import { MenuItem, TextField } from "@mui/material";

/**
 * The currency both quoters' figures are shown in, offered only when the range's quotes are in
 * more than one: amounts of two currencies are never added, so the server counts one at a time.
 */
export function FiguresCurrency(props: {
  label: string;
  hint: string;
  currencies: readonly string[];
  value: string | null;
  onChange: (currency: string) => void;
}) {
  if (props.currencies.length < 2) return null;
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value ?? ""}
      onChange={(event) => props.onChange(event.target.value)}
      helperText={props.hint}
      sx={{ width: { xs: "100%", sm: 200 } }}
    >
      {props.currencies.map((one) => (
        <MenuItem key={one} value={one}>
          {one}
        </MenuItem>
      ))}
    </TextField>
  );
}
