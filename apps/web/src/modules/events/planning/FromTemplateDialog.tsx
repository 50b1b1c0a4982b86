import { Link, ListSubheader, MenuItem, TextField, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { useAction } from "../../../lib/resource.ts";
import { TEMPLATES_PAGE } from "../events/api.ts";
import { taskLists, tasksFromTemplate, useTemplates } from "./api.ts";
import { fieldText, templateName } from "./planning-form.ts";

/** Adds a template's tasks to the event's checklist: a built-in one or one of the event's clinic's. */
export function FromTemplateDialog(props: { open: boolean; eventId: number; clinicId: string; onClose: () => void }) {
  const { open, eventId, clinicId, onClose } = props;
  const { t } = useTranslation();
  const templates = useTemplates(clinicId);
  const [chosen, setChosen] = useState("");
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (open) {
      setChosen("");
      setError(undefined);
    }
  }, [open]);
  const add = useAction((templateId: number) => tasksFromTemplate(eventId, templateId), {
    invalidate: taskLists(eventId),
    success: () => t("eventPlanning.notices.tasksAdded"),
    onFieldErrors: (fields) => setError(fieldText(t, Object.values(fields).flat())),
    onSuccess: () => onClose(),
  });
  const all = templates.data ?? [];
  const builtIns = all.filter((template) => template.builtIn);
  const own = all.filter((template) => !template.builtIn);
  const option = (template: (typeof all)[number]) => (
    <MenuItem key={template.id} value={String(template.id)}>
      {templateName(t, template)} · {t("eventPlanning.fromTemplate.taskCount", { count: template.tasks.length })}
    </MenuItem>
  );
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t("eventPlanning.fromTemplate.title")}
      text={t("eventPlanning.fromTemplate.text")}
      submitLabel={t("eventPlanning.fromTemplate.submit")}
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen) {
          setError(t("eventPlanning.fromTemplate.choose"));
          return;
        }
        add.mutate(Number(chosen));
      }}
      pending={add.isPending}
    >
      <TextField
        select
        label={t("eventPlanning.fromTemplate.template")}
        required
        value={chosen}
        onChange={(event) => {
          setChosen(event.target.value);
          setError(undefined);
        }}
        error={!!error}
        helperText={error}
      >
        <ListSubheader>{t("eventPlanning.fromTemplate.platform")}</ListSubheader>
        {builtIns.map(option)}
        {own.length > 0 ? <ListSubheader>{t("eventPlanning.fromTemplate.clinic")}</ListSubheader> : null}
        {own.map(option)}
      </TextField>
      <Typography variant="body2">
        <Link component={RouterLink} to={TEMPLATES_PAGE}>
          {t("eventPlanning.fromTemplate.manage")}
        </Link>
      </Typography>
    </FormDialog>
  );
}
