import { InputAdornment, TextField, type TextFieldProps } from "@mui/material";
import { useTranslation } from "react-i18next";

/** The currency's sign as the language writes it (€, US$, $); the code when Intl knows no sign. */
export function currencySymbol(currency: string, language: string): string {
  try {
    const parts = new Intl.NumberFormat(language === "es" ? "es-ES" : "en-GB", { style: "currency", currency }).formatToParts(0);
    return parts.find((part) => part.type === "currency")?.value ?? currency;
  } catch {
    return currency;
  }
}

type MoneyFieldProps = Omit<TextFieldProps, "type"> & { currency: string };

/**
 * A price typed as a decimal in the store's currency ("12.50" or "12,50"); the form turns it
 * into whole cents (money.ts). Text, not `type=number`: a number input drops a comma in
 * some browsers and turns the wheel into a change of price.
 */
export function MoneyField({ currency, slotProps, ...props }: MoneyFieldProps) {
  const { i18n } = useTranslation();
  return (
    <TextField
      {...props}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: "decimal", autoComplete: "off", ...(slotProps?.htmlInput as object) },
        input: { startAdornment: <InputAdornment position="start">{currencySymbol(currency, i18n.language)}</InputAdornment> },
      }}
    />
  );
}

/** A percentage typed as a decimal ("10" is 10 %); the form keeps basis points. */
export function PercentField({ slotProps, ...props }: Omit<TextFieldProps, "type">) {
  return (
    <TextField
      {...props}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: "decimal", autoComplete: "off", ...(slotProps?.htmlInput as object) },
        input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
      }}
    />
  );
}
