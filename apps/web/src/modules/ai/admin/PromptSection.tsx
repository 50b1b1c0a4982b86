import { AI_LIMITS, AI_SAFETY_RULES, AI_SOURCE_KINDS, type AiSourceKind } from "@clinic/shared";
import { Box, Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, TextField, Typography } from "@mui/material";
import { useId } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { SettingsValues } from "./settings-form.ts";

/**
 * The clinic's own instructions to the model, after the safety rules (which always come first
 * and no prompt can drop, shown here as they are sent), and the content the assistant may draw on.
 */
export function PromptSection({ form, text }: { form: UseFormReturn<SettingsValues>; text: (path: string) => string | undefined }) {
  const { t } = useTranslation();
  const sourcesLabel = useId();
  const prompt = form.watch("systemPrompt");
  return (
    <>
      <TextField
        label={t("aiAdmin.settings.systemPrompt")}
        multiline
        minRows={4}
        maxRows={14}
        {...form.register("systemPrompt")}
        error={!!text("systemPrompt")}
        helperText={text("systemPrompt") ?? t("aiAdmin.settings.systemPromptHint", { length: prompt.length, max: AI_LIMITS.systemPrompt })}
        slotProps={{ htmlInput: { maxLength: AI_LIMITS.systemPrompt } }}
      />
      <Box component="details" sx={{ "& > summary": { cursor: "pointer", typography: "body2", color: "primary.main" } }}>
        <summary>{t("aiAdmin.settings.safetyRules")}</summary>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t("aiAdmin.settings.safetyRulesIntro")}
        </Typography>
        <Box component="ol" lang="en" sx={{ typography: "body2", color: "text.secondary", pl: 3, my: 1 }}>
          {AI_SAFETY_RULES.split("\n").map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </Box>
      </Box>
      <Controller
        name="sources"
        control={form.control}
        render={({ field }) => {
          const toggle = (kind: AiSourceKind, checked: boolean) =>
            field.onChange(AI_SOURCE_KINDS.filter((one) => (one === kind ? checked : field.value.includes(one))));
          return (
            <FormControl component="fieldset" error={!!text("sources")}>
              <FormLabel component="legend" id={sourcesLabel}>
                {t("aiAdmin.settings.sources")}
              </FormLabel>
              <FormGroup row>
                {AI_SOURCE_KINDS.map((kind) => (
                  <FormControlLabel
                    key={kind}
                    control={<Checkbox checked={field.value.includes(kind)} onChange={(event) => toggle(kind, event.target.checked)} />}
                    label={t(`aiAdmin.kinds.${kind}`)}
                  />
                ))}
              </FormGroup>
              <FormHelperText>{text("sources") ?? t("aiAdmin.settings.sourcesHint")}</FormHelperText>
            </FormControl>
          );
        }}
      />
    </>
  );
}
