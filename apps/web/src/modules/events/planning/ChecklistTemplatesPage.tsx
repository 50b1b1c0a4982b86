import type { ChecklistTemplateView } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import ArrowBack from "@mui/icons-material/ArrowBack";
import { Button, Chip, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { Loading } from "../../../lib/components/Loading.tsx";
import { useDeleteConfirm } from "../../../lib/components/ManageList.tsx";
import { ManageTable } from "../../../lib/components/ManageTable.tsx";
import { EditDeleteButtons } from "../../../lib/components/RowButtons.tsx";
import { useSignedIn } from "../../../lib/session.ts";
import { EVENTS_HOME } from "../events/api.ts";
import { deleteTemplate, TEMPLATES_KEY, useTemplates } from "./api.ts";
import { templateName, templateTaskTitle } from "./planning-form.ts";
import { TemplateDialog } from "./TemplateDialog.tsx";

/** How many of a template's tasks the list names before "…". */
const SHOWN_TASKS = 3;

/**
 * Checklist templates (`/event/app/templates`): the platform's built-ins, named in the reader's
 * language and read-only, then the clinic's own (a platform admin sees every clinic's), made,
 * changed and deleted here.
 */
export function ChecklistTemplatesPage() {
  const { t } = useTranslation();
  const session = useSignedIn();
  const templates = useTemplates();
  const [dialog, setDialog] = useState<{ template: ChecklistTemplateView | null } | null>(null);
  const deletion = useDeleteConfirm<ChecklistTemplateView>({
    title: t("eventPlanning.templates.deleteTitle"),
    text: (template) => t("eventPlanning.templates.deleteText", { name: template.name }),
    run: (template) => deleteTemplate(template.id),
    invalidate: [[TEMPLATES_KEY]],
    deleted: () => t("eventPlanning.notices.templateDeleted"),
  });
  const tasksText = (template: ChecklistTemplateView) => {
    const titles = template.tasks.slice(0, SHOWN_TASKS).map((task, index) => templateTaskTitle(t, template, index, task.title));
    const more = template.tasks.length > SHOWN_TASKS ? ", …" : "";
    return `${t("eventPlanning.fromTemplate.taskCount", { count: template.tasks.length })}: ${titles.join(", ")}${more}`;
  };
  return (
    <Stack spacing={2.5} sx={{ minWidth: 0 }}>
      <div>
        <Button component={RouterLink} to={EVENTS_HOME} startIcon={<ArrowBack />}>
          {t("eventPlanning.templates.back")}
        </Button>
      </div>
      <Typography color="text.secondary">{t("eventPlanning.templates.intro")}</Typography>
      <div>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ template: null })}>
          {t("eventPlanning.templates.add")}
        </Button>
      </div>
      {templates.data ? null : <Loading />}
      <ManageTable
        rows={templates.data}
        rowKey={(template) => template.id}
        title={{ key: "name", title: t("eventPlanning.templates.name"), cell: (template) => templateName(t, template), minWidth: 180 }}
        columns={[
          { key: "tasks", title: t("eventPlanning.templates.tasks"), cell: tasksText },
          {
            key: "owner",
            title: t("eventPlanning.templates.owner"),
            cell: (template) =>
              template.builtIn ? <Chip size="small" variant="outlined" label={t("eventPlanning.templates.platform")} /> : (template.clinic?.name ?? "—"),
          },
        ]}
        actions={(template) =>
          template.builtIn ? (
            <Typography variant="body2" color="text.secondary">
              {t("eventPlanning.templates.readOnly")}
            </Typography>
          ) : (
            <EditDeleteButtons name={template.name} onEdit={() => setDialog({ template })} onDelete={() => deletion.ask(template)} />
          )
        }
        label={t("eventPlanning.templates.tableLabel")}
        emptyText={t("eventPlanning.templates.empty")}
      />
      <TemplateDialog open={dialog !== null} template={dialog?.template ?? null} choosesClinic={session.isAdmin} onClose={() => setDialog(null)} />
      {deletion.dialog}
    </Stack>
  );
}
