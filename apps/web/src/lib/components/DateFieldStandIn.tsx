import EventIcon from "@mui/icons-material/Event";
import { Box, InputAdornment, TextField } from "@mui/material";
import type { DateFieldProps } from "./DateField.tsx";

/** The field's own props that show, and its value as text in §9's format. */
type StandInProps = Pick<DateFieldProps, "label" | "error" | "helperText" | "required" | "size" | "sx" | "name" | "inputRef"> & { text: string };

/**
 * What a date or date-time field shows while its picker loads (DateField.tsx, DateTimeField.tsx):
 * the same labelled box with the value in §9's format and the calendar mark where the picker's
 * button comes, so nothing moves when it arrives. Read-only meanwhile: typing waits for the
 * picker, which reads it.
 */
export function DateFieldStandIn(props: StandInProps) {
  const small = props.size === "small";
  return (
    <TextField
      label={props.label}
      value={props.text}
      error={props.error}
      helperText={props.helperText}
      required={props.required}
      size={props.size}
      sx={props.sx}
      name={props.name}
      inputRef={props.inputRef}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { readOnly: true, autoComplete: "off" },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              {/* The picker's calendar button is an edge="end" IconButton: its padding and margin, without a button yet. */}
              <Box component="span" sx={{ display: "inline-flex", p: small ? "5px" : "8px", mr: small ? "-3px" : "-12px", color: "action.active" }}>
                <EventIcon fontSize={small ? "small" : "medium"} />
              </Box>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
