import { checkAnswers, type FormAnswers, type FormAnswerValue, keptAnswers, type ResolvedForm } from "@clinic/shared";
import ExpandMore from "@mui/icons-material/ExpandMore";
import { Accordion, AccordionDetails, AccordionSummary, Alert, Box, Button, Card, CardContent, CardHeader, Divider, Stack, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams } from "react-router";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { Loading } from "../../../lib/components/Loading.tsx";
import { formatDate, formatDateTime } from "../../../lib/dates.ts";
import { useAction, useResource } from "../../../lib/resource.ts";
import { useSignedIn } from "../../../lib/session.ts";
import { act, wasKept } from "../../../lib/offline/act.ts";
import { ASSIGNED_FORMS_KEY, assignmentKey, FORMS_BASE } from "./api.ts";
import { FormStateChip } from "./FormStateChip.tsx";
import { FormView } from "./FormView.tsx";
import { answerErrorsOf } from "./messages.ts";
import { ScoreSummary } from "./ScoreSummary.tsx";

/**
 * `forms/answer/:assignmentId`: a patient answers a form assigned to them (or staff with
 * answer_all_forms answer on the patient's behalf): drafts are saved as often as wanted, the
 * form is submitted once. A submitted form reads back as text; staff also see its score.
 */
export function FormAnswerPage() {
  const { t } = useTranslation();
  const params = useParams();
  const session = useSignedIn();
  const id = Number(params.assignmentId);
  const valid = Number.isInteger(id) && id > 0;
  const { data: assignment, network } = useResource<ResolvedForm>(assignmentKey(id), valid ? `/api/forms/assignments/${id}` : null);
  const [answers, setAnswers] = useState<FormAnswers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [other, setOther] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const isStaff = session.isAdmin || !session.permission.is_patient;

  useEffect(() => {
    if (assignment) setAnswers(assignment.answers);
  }, [assignment]);

  const questions = assignment?.fields.map((field) => field.key) ?? [];
  const save = useAction(
    (submit: boolean) => {
      if (!assignment) throw new Error("The form is not loaded");
      const kept = keptAnswers(answers);
      // Through the device outbox (issue 43), with the questions' stamp: offline, the answers wait on
      // the device; answers to questions changed meanwhile are refused rather than misread.
      return act<ResolvedForm>({ kind: "form", body: { assignment: id, answers: kept, submit, formVersion: assignment.formVersion } }, assignment.formName, {
        ...assignment,
        answers: kept,
        state: submit ? "submitted" : "inProgress",
        answerable: !submit,
      });
    },
    {
      invalidate: [assignmentKey(id), [ASSIGNED_FORMS_KEY]],
      success: (saved) =>
        wasKept(saved) ? t("offline.savedOnDevice") : saved.state === "inProgress" ? t("dynamicForms.answer.draftSaved") : t("dynamicForms.answer.submitted"),
      onFieldErrors: (fields) => {
        const split = answerErrorsOf(fields, questions, t);
        setErrors(split.byQuestion);
        setOther(split.other);
      },
      onSuccess: () => {
        setErrors({});
        setOther([]);
        setConfirming(false);
      },
    },
  );

  if (!valid) return <Alert severity="warning">{t("errors.status404")}</Alert>;
  if (!assignment) return network.error ? <Alert severity="warning">{network.message}</Alert> : <Loading />;

  const done = assignment.state === "submitted" || assignment.state === "reviewed";
  const answering = assignment.answerable && !done;
  const onBehalf = isStaff && assignment.patient.id !== session.userId;
  const submit = () => {
    // The same checks the server runs: a missing answer is shown at once, without a round trip.
    const problems = answerErrorsOf(checkAnswers({ fields: assignment.fields, scoring: assignment.scoring }, keptAnswers(answers), true), questions, t);
    setErrors(problems.byQuestion);
    setOther(problems.other);
    if (Object.keys(problems.byQuestion).length === 0 && problems.other.length === 0) setConfirming(true);
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 860 }}>
      {onBehalf && answering ? <Alert severity="info">{t("dynamicForms.answer.onBehalf", { name: assignment.patient.name })}</Alert> : null}
      <Card variant="outlined">
        <CardHeader
          title={assignment.formName}
          slotProps={{ title: { component: "h2", variant: "h6" } }}
          action={<FormStateChip state={assignment.state} overdue={assignment.overdue} />}
          subheader={[
            isStaff ? t("dynamicForms.answer.patient", { name: assignment.patient.name }) : null,
            assignment.dueDate ? t("dynamicForms.list.due", { date: formatDate(assignment.dueDate) }) : null,
            t("dynamicForms.list.version", { version: assignment.version }),
          ]
            .filter(Boolean)
            .join(" · ")}
        />
        <CardContent sx={{ pt: 0 }}>
          {assignment.description && isStaff ? (
            <Typography color="text.secondary" sx={{ whiteSpace: "pre-line", mb: 3 }}>
              {assignment.description}
            </Typography>
          ) : null}
          {assignment.description && !isStaff ? (
            // A questionnaire's description cites its source and scoring, for staff; the patient's
            // own instructions are its first section. Kept at hand, folded, above the questions.
            <Accordion disableGutters variant="outlined" sx={{ mb: 3 }}>
              <AccordionSummary expandIcon={<ExpandMore />}>
                <Typography>{t("dynamicForms.answer.about")}</Typography>
              </AccordionSummary>
              <AccordionDetails>
                <Typography color="text.secondary" sx={{ whiteSpace: "pre-line" }}>
                  {assignment.description}
                </Typography>
              </AccordionDetails>
            </Accordion>
          ) : null}
          {done ? <SubmittedNotice assignment={assignment} isStaff={isStaff} /> : null}
          {!done && !assignment.answerable ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t("dynamicForms.answer.notAnswerable")}
            </Alert>
          ) : null}
          {other.length > 0 ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {other.join(" ")}
            </Alert>
          ) : null}
          <FormView
            fields={assignment.fields}
            answers={answers}
            errors={errors}
            readOnly={!answering}
            disabled={save.isPending}
            onChange={(key: string, value: FormAnswerValue) => setAnswers((current) => ({ ...current, [key]: value }))}
          />
          {done && isStaff && assignment.score ? (
            <Box sx={{ mt: 3 }}>
              <Divider sx={{ mb: 2 }} />
              <ScoreSummary score={assignment.score} title={t("dynamicForms.answer.score")} />
            </Box>
          ) : null}
        </CardContent>
      </Card>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        {answering ? (
          <>
            <Button variant="contained" onClick={submit} disabled={save.isPending}>
              {t("dynamicForms.answer.submit")}
            </Button>
            <Button variant="outlined" onClick={() => save.mutate(false)} disabled={save.isPending}>
              {t("dynamicForms.answer.saveDraft")}
            </Button>
          </>
        ) : null}
        <Button component={RouterLink} to={isStaff ? FORMS_BASE : "/manager/patient"}>
          {t("common.back")}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t("dynamicForms.answer.confirmTitle")}
        text={t("dynamicForms.answer.confirmText")}
        confirmLabel={t("dynamicForms.answer.submit")}
        busy={save.isPending}
        onConfirm={() => save.mutate(true, { onError: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}

function SubmittedNotice({ assignment, isStaff }: { assignment: ResolvedForm; isStaff: boolean }) {
  const { t } = useTranslation();
  const by = assignment.submittedBy && assignment.submittedBy.id !== assignment.patient.id ? assignment.submittedBy.name : null;
  return (
    <Stack spacing={1} sx={{ mb: 3 }}>
      <Alert severity="success">
        {t("dynamicForms.answer.submittedOn", { date: formatDateTime(assignment.submittedAt) })}
        {by && isStaff ? ` ${t("dynamicForms.answer.submittedBy", { name: by })}` : ""}
      </Alert>
      {assignment.state === "reviewed" ? (
        <Alert severity="info">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t("dynamicForms.answer.reviewed", { name: assignment.reviewedBy?.name ?? "", date: formatDate(assignment.reviewedAt) })}
          </Typography>
          {assignment.reviewNote ? <Typography sx={{ whiteSpace: "pre-line" }}>{assignment.reviewNote}</Typography> : null}
        </Alert>
      ) : null}
    </Stack>
  );
}
