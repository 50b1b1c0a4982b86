import type { FormAssignment } from "@clinic/shared";
import { Button, Card, CardContent, CardHeader, List, ListItem, Stack, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { del } from "../../../lib/api.ts";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { ListLoading } from "../../../lib/components/ListPagination.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { useAction, useResource } from "../../../lib/resource.ts";
import { type SelectedPatient, useSignedIn } from "../../../lib/session.ts";
import { ASSIGNED_FORMS_KEY, answerPath } from "./api.ts";
import { FormStateChip } from "./FormStateChip.tsx";

const isOpen = (assignment: FormAssignment) => assignment.state === "assigned" || assignment.state === "inProgress";

/**
 * The forms assigned to the patient selected in the top bar: staff follow them, answer one on
 * the patient's behalf (answer_all_forms), or withdraw one not submitted yet.
 */
export function PatientAssignmentsCard({ patient }: { patient: SelectedPatient }) {
  const { t } = useTranslation();
  const titleId = useId();
  const session = useSignedIn();
  const answersForOthers = session.isAdmin || session.permission.codenames.includes("answer_all_forms");
  const name = `${patient.nombres} ${patient.apellidos}`.trim();
  const { data, network } = useResource<FormAssignment[]>([ASSIGNED_FORMS_KEY, patient.id], `/api/get-forms/?patient=${encodeURIComponent(patient.id)}`);
  const [withdrawing, setWithdrawing] = useState<FormAssignment | null>(null);
  const withdraw = useAction((assignment: FormAssignment) => del<null>(`/api/forms/assignments/${assignment.id}`), {
    invalidate: [[ASSIGNED_FORMS_KEY]],
    success: t("dynamicForms.patient.withdrawn"),
    onSuccess: () => setWithdrawing(null),
  });
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardHeader title={t("dynamicForms.patient.title", { name })} slotProps={{ title: { component: "h2", id: titleId, variant: "h6" } }} />
      <CardContent sx={{ pt: 0 }}>
        <ListLoading loading={network.isFetching && !data} labels="catalogue" />
        {data && data.length === 0 ? <Typography color="text.secondary">{t("dynamicForms.patient.empty")}</Typography> : null}
        <List disablePadding aria-labelledby={titleId}>
          {data?.map((assignment) => (
            <ListItem key={assignment.id} divider disableGutters sx={{ display: "block", py: 1 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "space-between" }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{assignment.formName}</Typography>
                <FormStateChip state={assignment.state} overdue={assignment.overdue} />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {[
                  t("dynamicForms.patient.assignedOn", { date: formatDate(assignment.assignedAt) }),
                  assignment.dueDate ? t("dynamicForms.list.due", { date: formatDate(assignment.dueDate) }) : null,
                  assignment.submittedAt ? t("dynamicForms.list.submittedOn", { date: formatDate(assignment.submittedAt) }) : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 0.5, ml: -0.5 }}>
                <Button size="small" component={RouterLink} to={answerPath(assignment.id)}>
                  {isOpen(assignment) && answersForOthers ? t("dynamicForms.patient.answerFor") : t("dynamicForms.mine.view")}
                </Button>
                {isOpen(assignment) ? (
                  <Button size="small" color="error" onClick={() => setWithdrawing(assignment)}>
                    {t("dynamicForms.patient.withdraw")}
                  </Button>
                ) : null}
              </Stack>
            </ListItem>
          ))}
        </List>
      </CardContent>
      <ConfirmDialog
        open={withdrawing !== null}
        title={t("dynamicForms.patient.withdrawTitle")}
        text={withdrawing ? t("dynamicForms.patient.withdrawText", { form: withdrawing.formName, name }) : ""}
        confirmLabel={t("dynamicForms.patient.withdraw")}
        destructive
        busy={withdraw.isPending}
        onConfirm={() => withdrawing && withdraw.mutate(withdrawing, { onError: () => setWithdrawing(null) })}
        onCancel={() => setWithdrawing(null)}
      />
    </Card>
  );
}
