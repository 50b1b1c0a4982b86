import { DATE_TIME_FORMAT, isRealDate } from "@clinic/shared";
import type { SxProps, Theme } from "@mui/material";
import { DateTimePicker } from "@mui/x-date-pickers/DateTimePicker";
import dayjs, { type Dayjs } from "dayjs";
import { type FocusEventHandler, type ReactNode, type Ref, useMemo, useRef } from "react";
import { FieldLookContext, type PickerText, PickerTextField } from "./DateField.tsx";
import { PickersLocalization } from "./PickersLocalization.tsx";

/** The value a DateTimeField holds: a local date and time, to the minute, without a zone. */
const LOCAL_FORMAT = "YYYY-MM-DDTHH:mm";

const TWELVE_HOUR = /^(\d{4})-(\d{1,2})-(\d{1,2}),?\s+(\d{1,2}):(\d{2})\s*([ap])\.?\s*m\.?$/i;
const TWENTY_FOUR_HOUR = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:,?\s+|T)(\d{1,2}):(\d{2})$/;

/**
 * What was typed, as a local `YYYY-MM-DDTHH:mm`, or "" when it is not a real time yet. Takes
 * §9's "YYYY-MM-DD, hh:mm am" (the comma, the leading zeros and the case optional, "p.m."
 * too) and a 24-hour "YYYY-MM-DD HH:mm"; the field rewrites either in §9's format.
 */
export function parseDateTimeText(text: string): string {
  const typed = text.trim();
  const twelve = TWELVE_HOUR.exec(typed);
  const match = twelve ?? TWENTY_FOUR_HOUR.exec(typed);
  if (!match) return "";
  const [, year, month, day, hourText, minute] = match as unknown as [string, string, string, string, string, string];
  const date = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  let hour = Number(hourText);
  if (!isRealDate(date) || Number(minute) > 59) return "";
  if (twelve) {
    if (hour < 1 || hour > 12) return "";
    const pm = twelve[6]?.toLowerCase() === "p";
    hour = (hour % 12) + (pm ? 12 : 0);
  } else if (hour > 23) return "";
  return `${date}T${String(hour).padStart(2, "0")}:${minute}`;
}

/** A local value as §9 shows it, "YYYY-MM-DD, hh:mm am", in English's am/pm whatever the interface language. */
export const showDateTime = (value: Dayjs): string => value.locale("en").format(DATE_TIME_FORMAT);

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

export interface DateTimeFieldProps {
  label: string;
  /** A local `YYYY-MM-DDTHH:mm` (lib/dates.ts toLocalInput), or "" for none. */
  value: string;
  /**
   * Called with a local `YYYY-MM-DDTHH:mm` once the text is a real time, "" when emptied, and
   * the typed text itself while it is not a time: an optional field's form then refuses it
   * (fromLocalInput gives "") rather than sending no time at all.
   */
  onChange: (value: string) => void;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  size?: "small" | "medium";
  sx?: SxProps<Theme>;
  name?: string;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The one date-time input of the app: typed or picked, always shown as "YYYY-MM-DD, hh:mm am"
 * (spec §9), whatever the browser's locale, unlike the browser's own `datetime-local`.
 */
export function DateTimeField({ label, value, onChange, error, helperText, required, size, sx, name, onBlur, inputRef }: DateTimeFieldProps) {
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
