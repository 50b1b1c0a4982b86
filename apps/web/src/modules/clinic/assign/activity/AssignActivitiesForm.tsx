import { MOTION_DEFAULT, type PatientActivitiesInput } from "@clinic/shared";
import { Box, Button, Card, CardContent, CardHeader, Stack } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAction } from "../../../../lib/resource.ts";
import type { SelectedPatient } from "../../../../lib/session.ts";
import { type ActivityFilter, ActivityPicker, type ActivityOption } from "./ActivityPicker.tsx";
import { AssignmentFieldsInputs } from "./AssignmentFieldsInputs.tsx";
import { ASSIGNMENTS_KEY, assignmentChanges, assignToPatient, today } from "./api.ts";
import { type AssignmentValues, checkAssignmentValues, type FieldErrors, serverFieldErrors } from "./assignmentFields.ts";

/** The body of `POST /api/patients-activities/{id}`: the chosen activities with the form's values. */
export function patientActivitiesInput(chosen: readonly { id: number }[], values: AssignmentValues): PatientActivitiesInput {
  return {
    activities: chosen.map((activity) => activity.id),
    date: values.date,
    duration: Number(values.duration),
    description: values.description,
    activate: values.activate,
    motion: values.motion,
  };
}

const initialValues = (): AssignmentValues => ({ date: today(), duration: "15", description: "", activate: true, motion: MOTION_DEFAULT });

/**
 * Pick activities and assign them all to the selected patient in one request (one transaction),
 * through spec §7's `POST /api/patients-activities/{id}`.
 * `filter` narrows what can be picked (nutritionPlans: text activities of nutrition categories).
 */
export function AssignActivitiesForm({ patient, filter, title }: { patient: SelectedPatient; filter?: ActivityFilter; title?: string }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<ActivityOption[]>([]);
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const assign = useAction((input: PatientActivitiesInput) => assignToPatient(patient.id, input), {
    invalidate: [[ASSIGNMENTS_KEY, patient.id]],
    adds: (result) => assignmentChanges(result.data, filter?.nutrition === true),
    success: (result) => t("assignActivity.notices.assigned", { count: result.data.length }),
    onFieldErrors: (fields) => setErrors(serverFieldErrors(fields)),
    onSuccess: () => {
      setChosen([]);
      setErrors({});
    },
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = checkAssignmentValues(values, t);
    if (chosen.length === 0) found.activities = t("assignActivity.errors.activities");
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    assign.mutate(patientActivitiesInput(chosen, values));
  }

  return (
    <Card variant="outlined">
      <CardHeader
        title={title ?? t("assignActivity.assignTitle")}
        subheader={t("assignActivity.assignHint", { name: `${patient.nombres} ${patient.apellidos}`.trim() })}
        slotProps={{ title: { component: "h2" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Box component="form" noValidate onSubmit={submit} aria-label={title ?? t("assignActivity.assignTitle")}>
          <Stack spacing={2}>
            <ActivityPicker multiple label={t("assignActivity.activities")} value={chosen} onChange={setChosen} error={errors.activities} filter={filter} />
            <AssignmentFieldsInputs values={values} errors={errors} onChange={setValues} />
            <Box>
              <Button type="submit" variant="contained" disabled={assign.isPending}>
                {chosen.length > 1 ? t("assignActivity.assignMany", { count: chosen.length }) : t("assignActivity.assign")}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
