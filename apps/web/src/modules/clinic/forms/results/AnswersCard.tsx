import { answerScore, type FormAnswers, type FormField, fieldScoreRange } from "@clinic/shared";
import { Box, Card, CardContent, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { answerText } from "../answer-text.ts";
import { formatNumber, formatRange } from "./format.ts";

/** One question, the patient's answer as text and, for a scored question, the points it added. */
function Answer({ field, number, answers }: { field: FormField; number: number; answers: FormAnswers }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const text = answerText(field, answers[field.key], { yes: t("formResults.yes"), no: t("formResults.no"), language });
  const points = answerScore(field, answers[field.key]);
  const range = fieldScoreRange(field);
  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: "divider", listStyle: "none" }}>
      <Typography variant="body2" color="text.secondary" component="p">
        {t("formResults.answers.question", { number })}
      </Typography>
      <Typography component="p" sx={{ fontWeight: 500, overflowWrap: "anywhere" }}>
        {field.label}
      </Typography>
      {text === null ? (
        <Typography color="text.secondary" sx={{ fontStyle: "italic" }}>
          {t("formResults.answers.none")}
        </Typography>
      ) : (
        <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{text}</Typography>
      )}
      {points !== null && range ? (
        <Typography variant="body2" color="text.secondary">
          {t("formResults.answers.points", { points: formatNumber(points, language), range: formatRange(range, language) })}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The questions of the version the patient answered, in order, section headings between them. */
export function AnswersCard({ fields, answers, draft }: { fields: FormField[]; answers: FormAnswers; draft: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  // Sections split the list; questions keep one running number across them.
  const groups: { section: FormField | null; questions: { field: FormField; number: number }[] }[] = [{ section: null, questions: [] }];
  let number = 0;
  for (const field of fields) {
    if (field.type === "section") groups.push({ section: field, questions: [] });
    else groups[groups.length - 1]?.questions.push({ field, number: ++number });
  }
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h3">
          {t("formResults.answers.title")}
        </Typography>
        {draft ? (
          <Typography variant="body2" color="text.secondary">
            {t("formResults.answers.draft")}
          </Typography>
        ) : null}
        {groups.map((group, index) =>
          group.section === null && group.questions.length === 0 ? null : (
            <Box key={group.section?.key ?? `start-${index}`} sx={{ mt: 2 }}>
              {group.section ? (
                <>
                  <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
                    {group.section.label}
                  </Typography>
                  {group.section.help ? (
                    <Typography variant="body2" color="text.secondary">
                      {group.section.help}
                    </Typography>
                  ) : null}
                </>
              ) : null}
              <Box component="ol" sx={{ m: 0, p: 0 }}>
                {group.questions.map(({ field, number: shown }) => (
                  <Answer key={field.key} field={field} number={shown} answers={answers} />
                ))}
              </Box>
            </Box>
          ),
        )}
      </CardContent>
    </Card>
  );
}
