import type { FormAssignment } from "@clinic/shared";
import { Button, Card, CardContent, CardHeader, List, ListItem, Stack, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { ListLoading } from "../../../lib/components/ListPagination.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { useResource } from "../../../lib/resource.ts";
import { ASSIGNED_FORMS_KEY, answerPath } from "./api.ts";
import { FormStateChip } from "./FormStateChip.tsx";

const isOpen = (assignment: FormAssignment) => assignment.state === "assigned" || assignment.state === "inProgress";

/**
 * The signed-in patient's assigned forms (`GET /api/get-forms/`), newest first: all of them on
 * `forms`, or (`pending`) only those still to answer, on their home.
 */
export function MyFormsCard({ pending = false }: { pending?: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { data, network } = useResource<FormAssignment[]>([ASSIGNED_FORMS_KEY, "mine"], "/api/get-forms/");
  const rows = pending ? data?.filter(isOpen) : data;
  const actionOf = (assignment: FormAssignment) =>
    isOpen(assignment) ? (assignment.state === "inProgress" ? t("dynamicForms.mine.continue") : t("dynamicForms.mine.answer")) : t("dynamicForms.mine.view");
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardHeader
        title={pending ? t("dynamicForms.mine.toAnswer") : t("dynamicForms.mine.title")}
        slotProps={{ title: { component: "h2", id: titleId, variant: "h6" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <ListLoading loading={network.isFetching && !data} labels="catalogue" />
        {rows && rows.length === 0 ? (
          <Typography color="text.secondary">{pending ? t("dynamicForms.mine.nothingToAnswer") : t("dynamicForms.mine.empty")}</Typography>
        ) : null}
        <List disablePadding aria-labelledby={titleId}>
          {rows?.map((assignment) => (
            <ListItem key={assignment.id} divider disableGutters sx={{ display: "block", py: 1.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "space-between" }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{assignment.formName}</Typography>
                <FormStateChip state={assignment.state} overdue={assignment.overdue} />
              </Stack>
              <Typography variant="body2" color={assignment.overdue && isOpen(assignment) ? "error.dark" : "text.secondary"}>
                {assignment.dueDate ? t("dynamicForms.list.due", { date: formatDate(assignment.dueDate) }) : t("dynamicForms.list.noDue")}
                {assignment.submittedAt ? ` · ${t("dynamicForms.list.submittedOn", { date: formatDate(assignment.submittedAt) })}` : ""}
              </Typography>
              <Button
                size="small"
                component={RouterLink}
                to={answerPath(assignment.id)}
                sx={{ mt: 0.5, ml: -0.5 }}
                aria-label={t("dynamicForms.mine.actionNamed", { action: actionOf(assignment), name: assignment.formName })}
              >
                {actionOf(assignment)}
              </Button>
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
