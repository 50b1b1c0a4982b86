import { checkAnswers, type FormAnswers, type FormAnswerValue, type FormField, type FormScoring, keptAnswers, scoreAnswers } from "@clinic/shared";
import { Box, Button, Card, CardContent, CardHeader, Divider, Typography } from "@mui/material";
import { useState } from "react";
import { type Control, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormView } from "../FormView.tsx";
import { ScoreSummary } from "../ScoreSummary.tsx";
import type { BuilderValues } from "../builder-model.ts";
import { translateFormMessage } from "../messages.ts";

/**
 * The form as the patient will see it, answerable, with the score these answers would get:
 * the same checks and scoring the server runs on submit (form-scoring.ts).
 */
export function FormPreview({ control }: { control: Control<BuilderValues> }) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<FormAnswers>({});
  const name = useWatch({ control, name: "name" }) as string;
  const description = useWatch({ control, name: "description" }) as string;
  const fields = useWatch({ control, name: "fields" }) as FormField[];
  const scoring = useWatch({ control, name: "scoring" }) as FormScoring;
  const definition = { fields, scoring };
  const problems = checkAnswers(definition, keptAnswers(answers), false);
  // An answer the questions no longer take (a choice removed since) counts for nothing.
  const valid = Object.fromEntries(Object.entries(keptAnswers(answers)).filter(([key]) => !problems[`answers.${key}`]));
  const score = scoreAnswers(definition, valid);
  const errors = Object.fromEntries(
    Object.entries(problems).map(([key, messages]) => [key.replace(/^answers\./, ""), messages.map((message) => translateFormMessage(message, t)).join(" ")]),
  );
  return (
    <Card variant="outlined" component="section" aria-label={t("dynamicForms.builder.preview")}>
      <CardHeader
        title={t("dynamicForms.builder.preview")}
        subheader={t("dynamicForms.builder.previewHint")}
        slotProps={{ title: { component: "h2", variant: "h6" } }}
        action={
          <Button size="small" onClick={() => setAnswers({})} disabled={Object.keys(answers).length === 0}>
            {t("dynamicForms.builder.clearPreview")}
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Typography variant="h6" component="p" sx={{ overflowWrap: "anywhere" }}>
          {name || t("dynamicForms.builder.untitled")}
        </Typography>
        {description ? (
          <Typography color="text.secondary" sx={{ whiteSpace: "pre-line", mb: 2 }}>
            {description}
          </Typography>
        ) : null}
        <FormView
          fields={fields}
          answers={answers}
          errors={errors}
          onChange={(key: string, value: FormAnswerValue) => setAnswers((current) => ({ ...current, [key]: value }))}
        />
        {scoring.total !== null || scoring.subscales.length > 0 ? (
          <Box sx={{ mt: 3 }}>
            <Divider sx={{ mb: 2 }} />
            <ScoreSummary score={score} title={t("dynamicForms.builder.previewScore")} />
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
