import type { EventDetail, EventTaskView } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import PlaylistAdd from "@mui/icons-material/PlaylistAdd";
import { Box, Button, Checkbox, Chip, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Loading } from "../../../lib/components/Loading.tsx";
import { useDeleteConfirm } from "../../../lib/components/ManageList.tsx";
import { ManageTable } from "../../../lib/components/ManageTable.tsx";
import { EditDeleteButtons } from "../../../lib/components/RowButtons.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { useAction } from "../../../lib/resource.ts";
import { EventExportButtons } from "../reports/EventExportButtons.tsx";
import { deleteTask, taskLists, updateTask, useTasks } from "./api.ts";
import { FromTemplateDialog } from "./FromTemplateDialog.tsx";
import { TaskDialog } from "./TaskDialog.tsx";

/** A task's done checkbox: ticking it marks it done (who and when), unticking reopens it. */
function DoneBox({ eventId, task }: { eventId: number; task: EventTaskView }) {
  const { t } = useTranslation();
  const toggle = useAction((done: boolean) => updateTask(task.id, { done }), {
    invalidate: taskLists(eventId),
    success: (_, done) => t(done ? "eventPlanning.notices.taskDone" : "eventPlanning.notices.taskReopened"),
  });
  return (
    <Checkbox
      checked={task.done}
      disabled={toggle.isPending}
      onChange={(event) => toggle.mutate(event.target.checked)}
      slotProps={{ input: { "aria-label": t("eventPlanning.tasks.markDone", { title: task.title }) } }}
      size="small"
    />
  );
}

/**
 * An event's checklist (issue 37.5): each task with its done box, owner and due date (overdue
 * ones marked), added and changed in a dialog, deleted after asking, or added in bulk from a
 * template. Owners are emailed about their overdue tasks.
 */
export function EventChecklistTab({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const checklist = useTasks(event.id);
  const [editing, setEditing] = useState<{ task: EventTaskView | null } | null>(null);
  const [fromTemplate, setFromTemplate] = useState(false);
  const deletion = useDeleteConfirm<EventTaskView>({
    title: t("eventPlanning.tasks.deleteTitle"),
    text: (task) => t("eventPlanning.tasks.deleteText", { name: task.title }),
    run: (task) => deleteTask(task.id),
    invalidate: taskLists(event.id),
    deleted: () => t("eventPlanning.notices.taskDeleted"),
  });
  const tasks = checklist.data?.tasks;
  const done = tasks?.filter((task) => task.done).length ?? 0;
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}>
        <Typography variant="h6" component="h2">
          {t("eventPlanning.tasks.title")}
        </Typography>
        <EventExportButtons what="checklists" eventId={event.id} />
      </Stack>
      <Typography color="text.secondary">{t("eventPlanning.tasks.intro")}</Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "center" } }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ task: null })}>
          {t("eventPlanning.tasks.add")}
        </Button>
        <Button variant="outlined" startIcon={<PlaylistAdd />} onClick={() => setFromTemplate(true)}>
          {t("eventPlanning.tasks.fromTemplate")}
        </Button>
        {tasks && tasks.length > 0 ? (
          <Typography role="status" color="text.secondary">
            {t("eventPlanning.tasks.summary", { done, total: tasks.length })}
          </Typography>
        ) : null}
      </Stack>
      {checklist.data ? null : <Loading />}
      <ManageTable
        rows={tasks}
        rowKey={(task) => task.id}
        title={{
          key: "task",
          title: t("eventPlanning.tasks.task"),
          minWidth: 220,
          cell: (task) => (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
              <DoneBox eventId={event.id} task={task} />
              <Box component="span" sx={task.done ? { textDecoration: "line-through", color: "text.secondary" } : undefined}>
                {task.title}
              </Box>
            </Stack>
          ),
        }}
        columns={[
          { key: "owner", title: t("eventPlanning.tasks.owner"), cell: (task) => task.owner?.name ?? t("eventPlanning.tasks.nobody") },
          {
            key: "due",
            title: t("eventPlanning.tasks.dueOn"),
            cell: (task) =>
              task.overdue ? (
                <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                  <Box component="span" sx={{ color: "error.main", fontWeight: 600 }}>
                    {task.dueOn}
                  </Box>
                  <Chip size="small" color="error" label={t("eventPlanning.tasks.overdue")} />
                </Stack>
              ) : (
                (task.dueOn ?? "—")
              ),
          },
          {
            key: "done",
            title: t("eventPlanning.tasks.done"),
            wideOnly: true,
            cell: (task) =>
              task.done && task.doneAt ? t("eventPlanning.tasks.doneBy", { name: task.doneBy?.name ?? "—", at: formatDateTime(task.doneAt) }) : "—",
          },
        ]}
        actions={(task) => <EditDeleteButtons name={task.title} onEdit={() => setEditing({ task })} onDelete={() => deletion.ask(task)} />}
        label={t("eventPlanning.tasks.tableLabel")}
        emptyText={t("eventPlanning.tasks.empty")}
      />
      <TaskDialog open={editing !== null} eventId={event.id} task={editing?.task ?? null} onClose={() => setEditing(null)} />
      <FromTemplateDialog open={fromTemplate} eventId={event.id} clinicId={event.clinic.id} onClose={() => setFromTemplate(false)} />
      {deletion.dialog}
    </Stack>
  );
}
