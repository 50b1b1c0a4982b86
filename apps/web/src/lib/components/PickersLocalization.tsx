import { AdapterDayjs } from "@mui/x-date-pickers/AdapterDayjs";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { enUS, esES } from "@mui/x-date-pickers/locales";
import "dayjs/locale/es";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * The date pickers' texts. The calendar button is named without the word "date" (MUI says
 * "Choose date"), so a field labelled "Date" stays the one element a label search finds
 * (`getByLabel("Date")`, a screen reader's form list); the selected day is still announced.
 */
const PICKER_TEXT = {
  en: {
    ...enUS.components.MuiLocalizationProvider.defaultProps.localeText,
    openDatePickerDialogue: (day: string | null) => (day ? `Open calendar, selected ${day}` : "Open calendar"),
  },
  es: {
    ...esES.components.MuiLocalizationProvider.defaultProps.localeText,
    openDatePickerDialogue: (day: string | null) => (day ? `Abrir calendario, seleccionado ${day}` : "Abrir calendario"),
  },
};

/**
 * The pickers' calendar (month and day names, first weekday) and texts follow the interface
 * language, live. Given by the date field itself, so dayjs and the pickers load only with a
 * screen that shows a date, never with the sign-in page.
 */
export function PickersLocalization({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.language === "es" ? "es" : "en";
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={language} localeText={PICKER_TEXT[language]}>
      {children}
    </LocalizationProvider>
  );
}
