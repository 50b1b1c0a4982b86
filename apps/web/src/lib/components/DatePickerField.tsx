import { DATE_FORMAT, isRealDate } from "@clinic/shared";
import { IconButton, InputAdornment, TextField } from "@mui/material";
import { DatePicker, type DatePickerFieldProps } from "@mui/x-date-pickers/DatePicker";
import { useParsedFormat, usePickerContext, usePickerTranslations } from "@mui/x-date-pickers/hooks";
import { CalendarIcon } from "@mui/x-date-pickers/icons";
import dayjs, { type Dayjs } from "dayjs";
import { createContext, type FocusEventHandler, type ReactNode, type Ref, useContext, useMemo, useState } from "react";
import type { DateFieldProps } from "./DateField.tsx";
import { parseDateText } from "./date-text.ts";
import { PickersLocalization } from "./PickersLocalization.tsx";

const toDay = (value: string): Dayjs | null => (isRealDate(value) ? dayjs(value) : null);

/** How a picker's text box writes a value (its canonical text) and reads what was typed (null: not a value yet). */
export interface PickerText {
  show: (value: Dayjs) => string;
  read: (text: string) => Dayjs | null;
  maxLength: number;
}

const DAY_TEXT: PickerText = {
  show: (day) => day.format(DATE_FORMAT),
  read: (text) => toDay(parseDateText(text)),
  maxLength: 10,
};

/** The form-control props of a date or date-time field, handed to its text box through the picker. */
export interface FieldLook {
  text: PickerText;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  size?: "small" | "medium";
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  /** Hears every text typed, before the value it gives (a field that keeps unreadable text as such). */
  onText?: (text: string) => void;
}
export const FieldLookContext = createContext<FieldLook>({ text: DAY_TEXT });

/**
 * The picker's field: a plain labelled text box (a real <input>) in which the value is typed
 * in §9's format, with a button that opens the calendar. MUI X 9 dropped its own <input>
 * field (`enableAccessibleFieldDOMStructure={false}`); its sectioned field is no textbox.
 */
export function PickerTextField({ id, inputRef }: DatePickerFieldProps & { inputRef?: Ref<HTMLInputElement> }) {
  const picker = usePickerContext();
  const translations = usePickerTranslations();
  const placeholder = useParsedFormat();
  const look = useContext(FieldLookContext);
  const { show, read } = look.text;
  const picked = picker.value && dayjs.isDayjs(picker.value) && picker.value.isValid() ? show(picker.value) : "";
  const canonical = (typed: string) => {
    const value = read(typed);
    return value ? show(value) : "";
  };

  // The text is the field's own: while it is not a value yet the value is "", and the text stays.
  // A value set from outside (the calendar, a reset, a proposed date) replaces it.
  const [text, setText] = useState(picked);
  const [shown, setShown] = useState(picked);
  if (picked !== shown) {
    setShown(picked);
    if (canonical(text) !== picked) setText(picked);
  }
  const [left, setLeft] = useState(false);
  const unfinished = left && text.trim() !== "" && read(text) === null;

  return (
    <TextField
      id={id}
      ref={picker.rootRef}
      label={picker.label}
      name={picker.name}
      className={picker.rootClassName}
      sx={picker.rootSx}
      value={text}
      placeholder={placeholder}
      onChange={(event) => {
        setText(event.target.value);
        look.onText?.(event.target.value);
        picker.setValue(read(event.target.value), { changeImportance: "set", source: "field" });
      }}
      onBlur={(event) => {
        setLeft(true);
        const written = canonical(text);
        if (written && written !== text) setText(written);
        look.onBlur?.(event);
      }}
      error={look.error || unfinished}
      helperText={look.helperText}
      required={look.required}
      size={look.size}
      disabled={picker.disabled}
      inputRef={inputRef}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { autoComplete: "off", spellCheck: false, maxLength: look.text.maxLength },
        input: {
          ref: picker.triggerRef,
          readOnly: picker.readOnly,
          endAdornment:
            picker.triggerStatus === "hidden" ? undefined : (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  size={look.size === "small" ? "small" : "medium"}
                  aria-label={translations.openDatePickerDialogue(picked || null)}
                  disabled={picker.triggerStatus === "disabled"}
                  onClick={() => picker.setOpen(true)}
                >
                  <CalendarIcon fontSize={look.size === "small" ? "small" : "medium"} />
                </IconButton>
              </InputAdornment>
            ),
        },
      }}
    />
  );
}

/** The date field's picker (DateField.tsx loads it with the first one shown): typed or picked, shown and spoken as YYYY-MM-DD (spec §9). */
export function DatePickerField({ label, value, onChange, error, helperText, required, size, minDate, maxDate, sx, name, onBlur, inputRef }: DateFieldProps) {
  // One Dayjs per value: the picker treats a new object as a new value from outside.
  const day = useMemo(() => toDay(value), [value]);
  const min = useMemo(() => (minDate ? (toDay(minDate) ?? undefined) : undefined), [minDate]);
  const max = useMemo(() => (maxDate ? (toDay(maxDate) ?? undefined) : undefined), [maxDate]);
  const look = useMemo(() => ({ text: DAY_TEXT, error, helperText, required, size, onBlur }), [error, helperText, required, size, onBlur]);
  return (
    <PickersLocalization>
      <FieldLookContext.Provider value={look}>
        <DatePicker
          label={label}
          value={day}
          onChange={(next) => onChange(next && dayjs.isDayjs(next) && next.isValid() ? next.format(DATE_FORMAT) : "")}
          format={DATE_FORMAT}
          minDate={min}
          maxDate={max}
          sx={sx}
          name={name}
          inputRef={inputRef}
          slots={{ field: PickerTextField }}
        />
      </FieldLookContext.Provider>
    </PickersLocalization>
  );
}
