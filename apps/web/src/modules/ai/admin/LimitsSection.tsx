import { AI_LIMITS } from "@clinic/shared";
import { Box, TextField } from "@mui/material";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { MoneyField } from "../../../lib/components/MoneyField.tsx";
import { LIMIT_RANGES, PRICE_CURRENCY, type SettingsValues } from "./settings-form.ts";

const LIMITS = ["perUserPerHour", "perClinicPerDay", "maxAnswerTokens", "timeoutSeconds"] as const;
const PRICES = ["inputCentsPerMillion", "outputCentsPerMillion"] as const;

const grid = { display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))" } } as const;

/** The limits of the assistant (rate limits, answer length, timeout), the emergency phone, and the prices the cost is estimated with. */
export function LimitsSection({ form, text }: { form: UseFormReturn<SettingsValues>; text: (path: string) => string | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      <Box sx={grid}>
        {LIMITS.map((name) => (
          <TextField
            key={name}
            label={t(`aiAdmin.settings.limits.${name}`)}
            required
            {...form.register(name)}
            error={!!text(name)}
            helperText={text(name) ?? t("aiAdmin.settings.limits.range", LIMIT_RANGES[name])}
            slotProps={{ htmlInput: { inputMode: "numeric", autoComplete: "off" } }}
          />
        ))}
      </Box>
      <TextField
        label={t("aiAdmin.settings.emergencyPhone")}
        type="tel"
        {...form.register("emergencyPhone")}
        error={!!text("emergencyPhone")}
        helperText={text("emergencyPhone") ?? t("aiAdmin.settings.emergencyPhoneHint")}
        slotProps={{ htmlInput: { maxLength: AI_LIMITS.phone, autoComplete: "off" } }}
        sx={{ maxWidth: { sm: 360 } }}
      />
      <Box sx={grid}>
        {PRICES.map((name) => (
          <MoneyField
            key={name}
            currency={PRICE_CURRENCY}
            label={t(`aiAdmin.settings.prices.${name}`)}
            {...form.register(name)}
            error={!!text(name)}
            helperText={text(name) ?? t("aiAdmin.settings.prices.hint")}
          />
        ))}
      </Box>
    </>
  );
}
