import { AI_LIMITS, isLocalEndpoint } from "@clinic/shared";
import { Alert, Box, Button, Stack, TextField, Typography } from "@mui/material";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SwitchField } from "../../../lib/components/SwitchField.tsx";
import type { SettingsValues } from "./settings-form.ts";

/**
 * The model: on (any OpenAI-compatible endpoint: its address, model, embeddings model and key)
 * or off (retrieval-only: the best passages, no model asked). The key is write-only: the field
 * starts empty whatever is stored, says when a key is saved, and sends only what is typed.
 */
export function ProviderSection({
  form,
  hasApiKey,
  text,
}: {
  form: UseFormReturn<SettingsValues>;
  /** A key is stored for this scope (AiSettings.provider.hasApiKey). */
  hasApiKey: boolean;
  text: (path: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const { control, register, watch, setValue } = form;
  const on = watch("providerOn");
  const baseUrl = watch("provider.baseUrl") ?? "";
  const removeKey = watch("removeKey");
  const typedKey = watch("provider.apiKey") ?? "";
  const hosted = on && /^https?:\/\/./i.test(baseUrl.trim()) && !isLocalEndpoint(baseUrl.trim());
  const keyHint = removeKey ? t("aiAdmin.settings.keyRemoving") : hasApiKey ? t("aiAdmin.settings.keySaved") : t("aiAdmin.settings.keyHint");
  return (
    <Stack spacing={2}>
      <SwitchField control={control} name="providerOn" label={t("aiAdmin.settings.providerOn")} />
      {on ? null : <Alert severity="info">{t("aiAdmin.settings.retrievalOnly")}</Alert>}
      {on ? (
        <>
          <TextField
            label={t("aiAdmin.settings.baseUrl")}
            required
            {...register("provider.baseUrl")}
            error={!!text("provider.baseUrl")}
            helperText={text("provider.baseUrl") ?? t("aiAdmin.settings.baseUrlHint")}
            slotProps={{ htmlInput: { maxLength: AI_LIMITS.baseUrl, inputMode: "url", spellCheck: false } }}
          />
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <TextField
              label={t("aiAdmin.settings.model")}
              required
              fullWidth
              {...register("provider.model")}
              error={!!text("provider.model")}
              helperText={text("provider.model") ?? t("aiAdmin.settings.modelHint")}
              slotProps={{ htmlInput: { maxLength: AI_LIMITS.model, spellCheck: false } }}
            />
            <TextField
              label={t("aiAdmin.settings.embeddingModel")}
              fullWidth
              {...register("provider.embeddingModel")}
              error={!!text("provider.embeddingModel")}
              helperText={text("provider.embeddingModel") ?? t("aiAdmin.settings.embeddingModelHint")}
              slotProps={{ htmlInput: { maxLength: AI_LIMITS.model, spellCheck: false } }}
            />
          </Stack>
          <Box>
            <TextField
              label={t("aiAdmin.settings.apiKey")}
              type="password"
              fullWidth
              // A browser's saved password must never fill it: whatever it holds is sent as the key.
              autoComplete="new-password"
              placeholder={hasApiKey && !removeKey ? t("aiAdmin.settings.keyPlaceholder") : undefined}
              {...register("provider.apiKey")}
              error={!!text("provider.apiKey")}
              helperText={text("provider.apiKey") ?? keyHint}
              // Read-only, not disabled, while the key is to be removed: a disabled field would leave the form's values.
              slotProps={{ htmlInput: { maxLength: AI_LIMITS.apiKey, spellCheck: false, readOnly: removeKey, "data-testid": "ai-api-key" } }}
            />
            {hasApiKey ? (
              <Button
                size="small"
                color={removeKey ? "primary" : "error"}
                sx={{ mt: 0.5 }}
                disabled={!removeKey && typedKey.trim() !== ""}
                onClick={() => {
                  setValue("provider.apiKey", "");
                  setValue("removeKey", !removeKey, { shouldDirty: true });
                }}
              >
                {removeKey ? t("aiAdmin.settings.keepKey") : t("aiAdmin.settings.removeKey")}
              </Button>
            ) : null}
          </Box>
          {hosted ? (
            <Alert severity="warning">
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {t("aiAdmin.settings.hostedTitle")}
              </Typography>
              {t("aiAdmin.settings.hostedText")}
            </Alert>
          ) : null}
          <SwitchField
            control={control}
            name="allowPatientData"
            label={t("aiAdmin.settings.allowPatientData")}
            hint={hosted ? t("aiAdmin.settings.allowPatientDataHosted") : t("aiAdmin.settings.allowPatientDataLocal")}
          />
        </>
      ) : null}
    </Stack>
  );
}
