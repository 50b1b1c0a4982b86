import type { FormFields } from "@clinic/shared";
import { Box, LinearProgress, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useResource } from "../../../lib/resource.ts";
import { fieldsKey, fieldsPath } from "./api.ts";

/**
 * What the patients will be asked, shown while the form is being assigned: the questions of the
 * form's current version (spec §7 `GET /api/fields/{id}`, the assignDynamicForms fields list),
 * in order, required ones marked. Section headings ask nothing and are left out.
 */
export function FormQuestionsPreview({ formId }: { formId: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { data, network } = useResource<FormFields>(fieldsKey(formId), fieldsPath(formId));
  if (!data) return network.isFetching ? <LinearProgress aria-label={t("dynamicForms.assign.loadingQuestions")} /> : null;
  const questions = data.fields.filter((field) => field.type !== "section");
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle2" component="h3">
        {t("dynamicForms.assign.questions", { count: questions.length, version: data.version })}
      </Typography>
      <Box component="ol" sx={{ m: 0, mt: 0.5, pl: 3, maxHeight: 180, overflowY: "auto" }} tabIndex={0} aria-labelledby={titleId}>
        {questions.map((question) => (
          <Typography key={question.key} component="li" variant="body2" sx={{ overflowWrap: "anywhere" }}>
            {question.label}
            {question.required ? ` (${t("dynamicForms.assign.required")})` : ""}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
