import type { ResolvedForm } from "@clinic/shared";
import { Alert, Box, Button, Card, CardContent, Chip, Link, Stack, Typography } from "@mui/material";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams } from "react-router";
import { Loading } from "../../../../lib/components/Loading.tsx";
import { formatDate, formatDateTime } from "../../../../lib/dates.ts";
import { useResource } from "../../../../lib/resource.ts";
import { AnswersCard } from "./AnswersCard.tsx";
import { assignmentPath, RESULT_KEY, RESULTS_SCREEN } from "./api.ts";
import { NO_FILTERS, resultFiltersSearch } from "./filters.ts";
import { ReviewCard } from "./ReviewCard.tsx";
import { ScoreCard } from "./ScoreCard.tsx";
import { ScoreHistory } from "./ScoreHistory.tsx";
import { ResultStateChip } from "./StateChip.tsx";

/** formResult (`forms/results/:assignmentId`): one patient's answers to one form, its score, review and trend. */
export function FormResultPage() {
  const { t } = useTranslation();
  const id = Number(useParams().assignmentId);
  if (!Number.isInteger(id) || id <= 0) return <NotFound message={t("formResults.notFound")} />;
  return <FormResult assignmentId={id} />;
}

function NotFound({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {message}
      </Alert>
      <Button component={RouterLink} to={RESULTS_SCREEN} variant="outlined">
        {t("formResults.back")}
      </Button>
    </Box>
  );
}

/** The patient's results filtered to them, as a link the results list reads back. */
const patientResults = (patientId: string) => `${RESULTS_SCREEN}?${resultFiltersSearch({ ...NO_FILTERS, patient: patientId })}`;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: "anywhere" }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Who answered: the patient, or a staff member on the patient's behalf. */
function submitter(result: ResolvedForm, onBehalf: (name: string, patient: string) => string): string {
  const by = result.submittedBy;
  if (!by || by.id === result.patient.id) return result.patient.name;
  return onBehalf(by.name, result.patient.name);
}

function FormResult({ assignmentId }: { assignmentId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { data: result, network } = useResource<ResolvedForm>([RESULT_KEY, assignmentId], assignmentPath(assignmentId), { quiet: true });
  if (!result && network.error) return <NotFound message={network.status === 404 ? t("formResults.notFound") : network.message} />;
  if (!result) return <Loading />;
  const answered = result.state === "submitted" || result.state === "reviewed";

  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <Card variant="outlined" component="section" aria-labelledby={headingId}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1, mb: 2 }}>
            <Typography id={headingId} variant="h6" component="h2" sx={{ overflowWrap: "anywhere" }}>
              {t("formResults.resultTitle", { form: result.formName, patient: result.patient.name })}
            </Typography>
            <Chip size="small" label={t("formResults.version", { version: result.version })} />
            <ResultStateChip state={result.state} />
          </Stack>
          <Box component="dl" sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", md: "repeat(4, 1fr)" }, gap: 2, m: 0 }}>
            <Fact label={t("formResults.columns.patient")}>
              <Link component={RouterLink} to={patientResults(result.patient.id)}>
                {result.patient.name}
              </Link>
            </Fact>
            <Fact label={t("formResults.columns.form")}>{result.formName}</Fact>
            <Fact label={t("formResults.facts.submitted")}>
              {result.submittedAt
                ? t("formResults.facts.submittedBy", {
                    date: formatDateTime(result.submittedAt),
                    name: submitter(result, (name, patient) => t("formResults.onBehalf", { name, patient })),
                  })
                : "—"}
            </Fact>
            <Fact label={t("formResults.facts.assigned")}>
              {result.assignedBy
                ? t("formResults.facts.assignedBy", { date: formatDate(result.assignedAt), name: result.assignedBy.name })
                : formatDate(result.assignedAt)}
              {result.dueDate ? ` · ${t("formResults.facts.due", { date: result.dueDate })}` : ""}
            </Fact>
          </Box>
        </CardContent>
      </Card>
      {answered ? null : <Alert severity="info">{t("formResults.notSubmitted")}</Alert>}
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "minmax(0, 3fr) minmax(0, 2fr)" }, gap: 2, alignItems: "start" }}>
        <Stack spacing={2} sx={{ order: { xs: 2, md: 1 }, minWidth: 0 }}>
          {answered && result.score?.total != null ? <ScoreHistory result={result} /> : null}
          <AnswersCard fields={result.fields} answers={result.answers} draft={!answered} />
        </Stack>
        {answered ? (
          <Stack spacing={2} sx={{ order: { xs: 1, md: 2 }, minWidth: 0 }}>
            {result.score ? <ScoreCard score={result.score} /> : null}
            <ReviewCard key={result.id} result={result} />
          </Stack>
        ) : null}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap" }}>
        <Button component={RouterLink} to={RESULTS_SCREEN}>
          {t("formResults.back")}
        </Button>
        <Button component={RouterLink} to={patientResults(result.patient.id)}>
          {t("formResults.patientResults", { patient: result.patient.name })}
        </Button>
      </Stack>
    </Stack>
  );
}
