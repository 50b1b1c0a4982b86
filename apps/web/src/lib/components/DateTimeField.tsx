import type { SxProps, Theme } from "@mui/material";
import dayjs from "dayjs";
import { type FocusEventHandler, lazy, type ReactNode, type Ref, Suspense } from "react";
import { DateFieldStandIn } from "./DateFieldStandIn.tsx";
import { showDateTime } from "./date-text.ts";

export { parseDateTimeText, showDateTime } from "./date-text.ts";

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

// The pickers (MUI X and its dayjs adapter) load with the first date-time field a screen shows, not with the screen.
const DateTimePickerField = lazy(() => import("./DateTimePickerField.tsx").then((m) => ({ default: m.DateTimePickerField })));

/**
 * The one date-time input of the app: typed or picked, always shown as "YYYY-MM-DD, hh:mm am"
 * (spec §9), whatever the browser's locale, unlike the browser's own `datetime-local`.
 */
export function DateTimeField(props: DateTimeFieldProps) {
  const { label, value, error, helperText, required, size, sx, name, inputRef } = props;
  // As the picker shows it: a value that is typed text, no time yet, shows as nothing picked.
  const text = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? showDateTime(dayjs(value)) : "";
  const standIn = { label, text, error, helperText, required, size, sx, name, inputRef };
  return (
    <Suspense fallback={<DateFieldStandIn {...standIn} />}>
      <DateTimePickerField {...props} />
    </Suspense>
  );
}
