import { ASSIGNMENT_DESCRIPTION_MAX, ASSIGNMENT_DURATION_MAX } from "@clinic/shared";
import { FormControlLabel, Stack, Switch, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../../lib/components/DateField.tsx";
import { MotionSelect } from "../../games/MotionSelect.tsx";
import type { AssignmentValues, FieldErrors } from "./assignmentFields.ts";

/** Date, duration, motion (when the values carry it), description and "active" of an assignment: the same inputs on every form and dialog. */
export function AssignmentFieldsInputs({
  values,
  errors,
  onChange,
  hide = [],
}: {
  values: AssignmentValues;
  errors: FieldErrors;
  onChange: (values: AssignmentValues) => void;
  hide?: (keyof AssignmentValues)[];
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<AssignmentValues>) => onChange({ ...values, ...patch });
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        {hide.includes("date") ? null : (
          <DateField
            label={t("assignActivity.date")}
            required
            value={values.date}
            onChange={(date) => set({ date })}
            error={!!errors.date}
            helperText={errors.date}
            sx={{ minWidth: 180 }}
          />
        )}
        {hide.includes("duration") ? null : (
          <TextField
            type="number"
            label={t("assignActivity.duration")}
            required
            value={values.duration}
            onChange={(event) => set({ duration: event.target.value })}
            error={!!errors.duration}
            helperText={errors.duration ?? t("assignActivity.durationHint", { max: ASSIGNMENT_DURATION_MAX })}
            slotProps={{ htmlInput: { min: 1, max: ASSIGNMENT_DURATION_MAX, step: 1 } }}
            sx={{ minWidth: 180 }}
          />
        )}
        {values.motion === undefined || hide.includes("motion") ? null : (
          <MotionSelect
            label={t("assignActivity.motion")}
            value={values.motion}
            onChange={(motion) => set({ motion })}
            error={errors.motion}
            helperText={t("assignActivity.motionHint")}
          />
        )}
      </Stack>
      {hide.includes("description") ? null : (
        <TextField
          label={t("assignActivity.description")}
          multiline
          minRows={2}
          value={values.description}
          onChange={(event) => set({ description: event.target.value })}
          error={!!errors.description}
          helperText={errors.description ?? t("assignActivity.descriptionHint")}
          slotProps={{ htmlInput: { maxLength: ASSIGNMENT_DESCRIPTION_MAX } }}
        />
      )}
      {hide.includes("activate") ? null : (
        <FormControlLabel
          control={<Switch checked={values.activate} onChange={(event) => set({ activate: event.target.checked })} />}
          label={t("assignActivity.activate")}
        />
      )}
    </Stack>
  );
}
