import type { AiSettings, AiSettingsInput } from "@clinic/shared";
import { Alert, Button, Stack } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SectionCard } from "../../../lib/components/ChartFigure.tsx";
import { Loading } from "../../../lib/components/Loading.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { saveSettings, settingsKey, useAiSettings } from "./api.ts";
import { IndexSection } from "./IndexSection.tsx";
import { LimitsSection } from "./LimitsSection.tsx";
import { PromptSection } from "./PromptSection.tsx";
import { ProviderSection } from "./ProviderSection.tsx";
import { useFieldText, useFormSave } from "./save.ts";
import { placeSettingsErrors, type SettingsTexts, type SettingsValues, settingsBody, settingsResolver, settingsValues } from "./settings-form.ts";

/** The scope's settings: loaded, then the form (a new scope, a new form). */
export function SettingsTab({ clinicId }: { clinicId: string | null }) {
  const { t } = useTranslation();
  const { data, network } = useAiSettings(clinicId);
  if (!data) return network.error ? <Alert severity="error">{t("aiAdmin.loadFailed")}</Alert> : <Loading />;
  return <SettingsForm key={clinicId ?? "platform"} clinicId={clinicId} settings={data} />;
}

/**
 * The settings of one scope (issue 42.4), as Chatwoot's Captain and AnythingLLM's workspaces set
 * up their assistant: the model (or none), the instructions, the sources, the limits and the
 * prices; one save for all of them. The index has its own action beside them.
 */
export function SettingsForm({ clinicId, settings }: { clinicId: string | null; settings: AiSettings }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const texts = (): SettingsTexts => ({ wholeNumber: i18n.t("aiAdmin.settings.wholeNumber"), price: i18n.t("aiAdmin.settings.priceInvalid") });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `texts` reads the language when the form is checked.
  const resolver = useMemo(() => settingsResolver(clinicId, texts), [clinicId]);
  const form = useForm<SettingsValues>({ defaultValues: settingsValues(settings, i18n.language), resolver });
  const text = useFieldText(form);
  const saving = useFormSave((input: AiSettingsInput) => saveSettings(input), {
    place: (fields) => placeSettingsErrors(form.setError, fields),
    invalidate: [],
    success: () => t("aiAdmin.settings.saved"),
    session: clinicId,
    onSaved: (saved) => {
      client.setQueryData(settingsKey(clinicId), saved);
      form.reset(settingsValues(saved, i18n.language));
    },
  });
  // The settings as last answered (a save, a re-index), the form keeping what is typed.
  const current = settings;
  const providerOn = form.watch("providerOn");
  const embeddings = providerOn && form.watch("provider.embeddingModel").trim() !== "";
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        aria-label={t("aiAdmin.settings.formLabel")}
        onSubmit={form.handleSubmit((values) => saving.save(settingsBody(values, clinicId, texts()).payload))}
      >
        {current.updatedAt ? null : <Alert severity="info">{t("aiAdmin.settings.defaults")}</Alert>}
        <SectionCard title={t("aiAdmin.settings.provider")} subtitle={t("aiAdmin.settings.providerIntro")}>
          <ProviderSection form={form} hasApiKey={current.provider?.hasApiKey === true} text={text} />
        </SectionCard>
        <SectionCard title={t("aiAdmin.settings.instructions")} subtitle={t("aiAdmin.settings.instructionsIntro")}>
          <Stack spacing={2}>
            <PromptSection form={form} text={text} />
          </Stack>
        </SectionCard>
        <SectionCard title={t("aiAdmin.settings.limitsTitle")} subtitle={t("aiAdmin.settings.limitsIntro")}>
          <Stack spacing={2}>
            <LimitsSection form={form} text={text} />
          </Stack>
        </SectionCard>
        {saving.problem ? <Alert severity="error">{saving.problem}</Alert> : null}
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }} useFlexGap>
          <Button type="submit" variant="contained" disabled={saving.pending}>
            {t("aiAdmin.settings.save")}
          </Button>
          {current.updatedAt ? <span>{t("aiAdmin.settings.updatedAt", { when: formatDateTime(current.updatedAt) })}</span> : null}
        </Stack>
      </Stack>
      <SectionCard title={t("aiAdmin.index.title")}>
        <IndexSection clinicId={clinicId} index={current.index} embeddings={embeddings} />
      </SectionCard>
    </Stack>
  );
}
