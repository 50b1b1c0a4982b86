import type { SxProps, Theme } from "@mui/material";
import { type FocusEventHandler, lazy, type ReactNode, type Ref, Suspense } from "react";
import { DateFieldStandIn } from "./DateFieldStandIn.tsx";

export { parseDateText } from "./date-text.ts";

export interface DateFieldProps {
  label: string;
  /** `YYYY-MM-DD`, or "" for no day. */
  value: string;
  /**
   * Called with `YYYY-MM-DD` once the text is a real day (typed, or picked on the calendar),
   * and with "" when the field is emptied or its text is not a day (yet): an incomplete or
   * impossible date gives "", never the last valid day, so a form's own check sees it and a
   * stale day is never sent. The text itself stays as typed and turns red once the field is left.
   */
  onChange: (value: string) => void;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  size?: "small" | "medium";
  /** The first and last days the calendar offers (`YYYY-MM-DD`); typed days are left to the form's checks. */
  minDate?: string;
  maxDate?: string;
  sx?: SxProps<Theme>;
  name?: string;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  inputRef?: Ref<HTMLInputElement>;
}

// The pickers (MUI X and its dayjs adapter) load with the first date field a screen shows, not with the screen.
const DatePickerField = lazy(() => import("./DatePickerField.tsx").then((m) => ({ default: m.DatePickerField })));

/** The one date input of the app: typed or picked, shown and spoken as YYYY-MM-DD (spec §9). */
export function DateField(props: DateFieldProps) {
  const { label, value, error, helperText, required, size, sx, name, inputRef } = props;
  const standIn = { label, text: value, error, helperText, required, size, sx, name, inputRef };
  return (
    <Suspense fallback={<DateFieldStandIn {...standIn} />}>
      <DatePickerField {...props} />
    </Suspense>
  );
}
