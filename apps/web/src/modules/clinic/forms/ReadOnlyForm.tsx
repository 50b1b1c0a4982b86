import { checkAnswers, type DynamicForm, type FormAnswers, keptAnswers, scoreAnswers } from "@clinic/shared";
import ContentCopy from "@mui/icons-material/ContentCopy";
import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, Divider, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { FORMS_BASE } from "./api.ts";
import { FormView } from "./FormView.tsx";
import { ScoreSummary } from "./ScoreSummary.tsx";

/**
 * A form the caller may not change (a validated questionnaire of the platform, or another
 * platform form): read, tried out with its scoring, and copied to adapt it.
 */
export function ReadOnlyForm({ form }: { form: DynamicForm }) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<FormAnswers>({});
  const definition = { fields: form.fields, scoring: form.scoring };
  const valid = keptAnswers(answers);
  const problems = checkAnswers(definition, valid, false);
  const score = scoreAnswers(definition, Object.fromEntries(Object.entries(valid).filter(([key]) => !problems[`answers.${key}`])));
  return (
    <Stack spacing={2} sx={{ maxWidth: 860 }}>
      <Alert
        severity="info"
        action={
          <Button color="inherit" size="small" startIcon={<ContentCopy />} component={RouterLink} to={`${FORMS_BASE}/add?copy=${form.id}`}>
            {t("dynamicForms.actions.copy")}
          </Button>
        }
      >
        {form.standard ? t("dynamicForms.builder.standardReadOnly") : t("dynamicForms.builder.platformReadOnly")}
      </Alert>
      <Card variant="outlined">
        <CardHeader
          title={form.name}
          slotProps={{ title: { component: "h2", variant: "h6" } }}
          subheader={
            <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: "wrap" }}>
              {form.standard ? <Chip size="small" color="success" label={t("dynamicForms.list.validated")} /> : null}
              <Chip size="small" variant="outlined" label={t(`accounts.languages.${form.language}`)} />
              <Chip size="small" variant="outlined" label={t("dynamicForms.list.version", { version: form.version })} />
            </Stack>
          }
        />
        <CardContent sx={{ pt: 0 }}>
          <Typography color="text.secondary" sx={{ whiteSpace: "pre-line", mb: 3 }}>
            {form.description}
          </Typography>
          <FormView fields={form.fields} answers={answers} onChange={(key, value) => setAnswers((current) => ({ ...current, [key]: value }))} />
          {form.scoring.total !== null || form.scoring.subscales.length > 0 ? (
            <Box sx={{ mt: 3 }}>
              <Divider sx={{ mb: 2 }} />
              <ScoreSummary score={score} title={t("dynamicForms.builder.previewScore")} />
              {form.scoring.bands.length > 0 ? (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {t("dynamicForms.scoring.bandsList", { bands: form.scoring.bands.map((band) => `${band.from}+ ${band.label}`).join(" · ") })}
                </Typography>
              ) : null}
            </Box>
          ) : null}
        </CardContent>
      </Card>
      <Box>
        <Button component={RouterLink} to={FORMS_BASE}>
          {t("common.back")}
        </Button>
      </Box>
    </Stack>
  );
}
