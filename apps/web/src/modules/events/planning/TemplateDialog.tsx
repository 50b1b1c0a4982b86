import { type ChecklistTemplateView, PLANNING_LIMITS } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { Box, Button, FormHelperText, Stack, TextField, Typography } from "@mui/material";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { RowButton } from "../../../lib/components/RowButtons.tsx";
import { useAction } from "../../../lib/resource.ts";
import { ClinicPicker } from "../../people/Pickers.tsx";
import { createTemplate, TEMPLATES_KEY, updateTemplate } from "./api.ts";
import { fieldText, newTemplateRow, type TemplateFormValues, templateBody, templateFormValues } from "./planning-form.ts";

/**
 * A clinic's checklist template, new or changed: its name and its tasks, each due some days
 * before the event (rows added and removed in place). A platform admin names the clinic of a new one.
 */
export function TemplateDialog(props: { open: boolean; template: ChecklistTemplateView | null; choosesClinic: boolean; onClose: () => void }) {
  const { open, template, choosesClinic, onClose } = props;
  const { t } = useTranslation();
  const listId = useId();
  const [values, setValues] = useState<TemplateFormValues>(templateFormValues(null));
  const [clinic, setClinic] = useState<{ id: string; label: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (open) {
      setValues(templateFormValues(template));
      setClinic(null);
      setErrors({});
    }
  }, [open, template]);
  const save = useAction(
    (input: NonNullable<ReturnType<typeof templateBody>["input"]>) => (template ? updateTemplate(template.id, input) : createTemplate(input, clinic?.id)),
    {
      invalidate: [[TEMPLATES_KEY]],
      success: () => t(template ? "eventPlanning.notices.templateEdited" : "eventPlanning.notices.templateCreated"),
      onFieldErrors: (fields) => setErrors(Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, fieldText(t, messages) ?? ""]))),
      onSuccess: () => onClose(),
    },
  );
  const setRow = (index: number, change: Partial<TemplateFormValues["tasks"][number]>) =>
    setValues((current) => ({ ...current, tasks: current.tasks.map((row, at) => (at === index ? { ...row, ...change } : row)) }));
  const problem = errors.detail ?? errors.clinicId ?? null;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={template ? t("eventPlanning.templates.edit") : t("eventPlanning.templates.add")}
      onSubmit={(event) => {
        event.preventDefault();
        const { input, errors: wrong } = templateBody(values);
        const found: Record<string, string> = Object.fromEntries(
          Object.entries(wrong).map(([path, key]) => [path, t(`eventPlanning.templates.errors.${key}`)]),
        );
        if (!template && choosesClinic && !clinic) found.clinicId = t("eventPlanning.templates.errors.clinicNeeded");
        setErrors(found);
        if (input && Object.keys(found).length === 0) save.mutate(input);
      }}
      pending={save.isPending}
      problem={problem}
      maxWidth="md"
      phoneFullScreen
    >
      {!template && choosesClinic ? (
        <ClinicPicker label={t("eventPlanning.templates.clinic")} required value={clinic} onChange={setClinic} error={errors.clinicId} />
      ) : null}
      <TextField
        label={t("eventPlanning.templates.name")}
        required
        value={values.name}
        onChange={(event) => setValues((current) => ({ ...current, name: event.target.value }))}
        error={!!errors.name}
        helperText={errors.name}
        slotProps={{ htmlInput: { maxLength: PLANNING_LIMITS.templateName } }}
      />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby={errors.tasks ? `${listId}-error` : undefined}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5 }}>
          {t("eventPlanning.templates.taskList")}
        </Typography>
        <Stack spacing={1.5}>
          {values.tasks.map((row, index) => (
            // Rows have no id of their own: their place is what the form and the server's errors name.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Stack key={index} direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
              <TextField
                size="small"
                label={t("eventPlanning.templates.taskTitle", { n: index + 1 })}
                required
                value={row.title}
                onChange={(event) => setRow(index, { title: event.target.value })}
                error={!!errors[`tasks.${index}.title`]}
                helperText={errors[`tasks.${index}.title`]}
                slotProps={{ htmlInput: { maxLength: PLANNING_LIMITS.taskTitle } }}
                sx={{ flex: 1 }}
              />
              <TextField
                size="small"
                label={t("eventPlanning.templates.daysBefore")}
                required
                value={row.daysBefore}
                onChange={(event) => setRow(index, { daysBefore: event.target.value })}
                error={!!errors[`tasks.${index}.daysBefore`]}
                helperText={errors[`tasks.${index}.daysBefore`]}
                slotProps={{ htmlInput: { inputMode: "numeric" } }}
                sx={{ width: { sm: 140 } }}
              />
              <div>
                <RowButton
                  label={t("eventPlanning.templates.removeRow", { n: index + 1 })}
                  onClick={() => setValues((current) => ({ ...current, tasks: current.tasks.filter((_, at) => at !== index) }))}
                  color="error"
                >
                  <DeleteOutline fontSize="small" />
                </RowButton>
              </div>
            </Stack>
          ))}
        </Stack>
        {errors.tasks ? (
          <FormHelperText id={`${listId}-error`} error role="alert">
            {errors.tasks}
          </FormHelperText>
        ) : null}
        <Button
          startIcon={<AddIcon />}
          sx={{ mt: 1 }}
          disabled={values.tasks.length >= PLANNING_LIMITS.templateTasks}
          onClick={() => setValues((current) => ({ ...current, tasks: [...current.tasks, newTemplateRow()] }))}
        >
          {t("eventPlanning.templates.addRow")}
        </Button>
      </Box>
    </FormDialog>
  );
}
