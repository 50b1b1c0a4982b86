import { DATE_TIME_FORMAT } from "@clinic/shared";
import { DateTimePicker } from "@mui/x-date-pickers/DateTimePicker";
import dayjs, { type Dayjs } from "dayjs";
import { useMemo, useRef } from "react";
import { FieldLookContext, type PickerText, PickerTextField } from "./DatePickerField.tsx";
import type { DateTimeFieldProps } from "./DateTimeField.tsx";
import { parseDateTimeText, showDateTime } from "./date-text.ts";
import { PickersLocalization } from "./PickersLocalization.tsx";

/** The value a DateTimeField holds: a local date and time, to the minute, without a zone. */
const LOCAL_FORMAT = "YYYY-MM-DDTHH:mm";

const TIME_TEXT: PickerText = {
  show: showDateTime,
  read: (text) => {
    const local = parseDateTimeText(text);
    return local ? dayjs(local) : null;
  },
  maxLength: 24,
};

// Strict: a value that is typed text not yet a time (see onChange) must not become one.
const toTime = (value: string): Dayjs | null => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? dayjs(value) : null);

/**
 * The date-time field's picker (DateTimeField.tsx loads it with the first one shown): typed or
 * picked, always shown as "YYYY-MM-DD, hh:mm am" (spec §9), whatever the browser's locale.
 */
export function DateTimePickerField({ label, value, onChange, error, helperText, required, size, sx, name, onBlur, inputRef }: DateTimeFieldProps) {
  const time = useMemo(() => toTime(value), [value]);
  const typed = useRef("");
  const look = useMemo(() => {
    // The picker says nothing while its value stays empty; text that is no time yet is told here.
    const onText = (text: string) => {
      typed.current = text.trim();
      if (!parseDateTimeText(text)) onChange(typed.current);
    };
    return { text: TIME_TEXT, error, helperText, required, size, onBlur, onText };
  }, [error, helperText, required, size, onBlur, onChange]);
  return (
    <PickersLocalization>
      <FieldLookContext.Provider value={look}>
        <DateTimePicker
          label={label}
          value={time}
          onChange={(next) => onChange(next && dayjs.isDayjs(next) && next.isValid() ? next.format(LOCAL_FORMAT) : typed.current)}
          format={DATE_TIME_FORMAT}
          ampm
          sx={sx}
          name={name}
          inputRef={inputRef}
          slots={{ field: PickerTextField }}
        />
      </FieldLookContext.Provider>
    </PickersLocalization>
  );
}
