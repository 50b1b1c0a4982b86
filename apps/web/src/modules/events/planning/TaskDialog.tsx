import { type EventStaffMember, type EventTaskView, PLANNING_LIMITS } from "@clinic/shared";
import { TextField } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../lib/components/DateField.tsx";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { type PickerOption, SearchPicker } from "../../../lib/components/SearchPicker.tsx";
import { useAction } from "../../../lib/resource.ts";
import { createTask, staffPath, TASKS_KEY, taskLists, updateTask } from "./api.ts";
import { fieldText } from "./planning-form.ts";

interface TaskValues {
  title: string;
  owner: PickerOption | null;
  dueOn: string;
}

/** Add a task to the event's checklist, or change `task`: its title, its owner among the clinic's staff, its due date. */
export function TaskDialog(props: { open: boolean; eventId: number; task: EventTaskView | null; onClose: () => void }) {
  const { open, eventId, task, onClose } = props;
  const { t } = useTranslation();
  const [values, setValues] = useState<TaskValues>({ title: "", owner: null, dueOn: "" });
  const [errors, setErrors] = useState<Partial<Record<"title" | "ownerId" | "dueOn" | "detail", string>>>({});
  useEffect(() => {
    if (open) {
      setValues({ title: task?.title ?? "", owner: task?.owner ? { id: task.owner.id, label: task.owner.name } : null, dueOn: task?.dueOn ?? "" });
      setErrors({});
    }
  }, [open, task]);
  const save = useAction(
    (input: { title: string; ownerId: string | null; dueOn: string | null }) => (task ? updateTask(task.id, input) : createTask(eventId, input)),
    {
      invalidate: taskLists(eventId),
      success: () => t(task ? "eventPlanning.notices.taskEdited" : "eventPlanning.notices.taskCreated"),
      onFieldErrors: (fields) => {
        const { title, ownerId, dueOn, ...rest } = fields;
        setErrors({
          title: fieldText(t, title),
          ownerId: fieldText(t, ownerId),
          dueOn: fieldText(t, dueOn),
          detail: fieldText(t, Object.values(rest).flat()) || undefined,
        });
      },
      onSuccess: () => onClose(),
    },
  );
  const set = (change: Partial<TaskValues>) => setValues((current) => ({ ...current, ...change }));
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={task ? t("eventPlanning.tasks.edit") : t("eventPlanning.tasks.add")}
      onSubmit={(event) => {
        event.preventDefault();
        if (!values.title.trim()) {
          setErrors({ title: t("eventPlanning.tasks.titleRequired") });
          return;
        }
        setErrors({});
        save.mutate({ title: values.title.trim(), ownerId: values.owner?.id ?? null, dueOn: values.dueOn || null });
      }}
      pending={save.isPending}
      problem={errors.detail ?? null}
      phoneFullScreen
    >
      <TextField
        label={t("eventPlanning.tasks.task")}
        required
        value={values.title}
        onChange={(event) => set({ title: event.target.value })}
        error={!!errors.title}
        helperText={errors.title}
        slotProps={{ htmlInput: { maxLength: PLANNING_LIMITS.taskTitle } }}
      />
      <SearchPicker<EventStaffMember>
        path={staffPath(eventId)}
        queryKey={[TASKS_KEY, eventId, "staff"]}
        toOption={(member) => ({ id: member.id, label: member.name === member.email ? member.email : `${member.name} (${member.email})` })}
        value={values.owner}
        onChange={(owner) => set({ owner })}
        label={t("eventPlanning.tasks.owner")}
        noOptionsText={t("eventPlanning.tasks.noStaff")}
        error={errors.ownerId}
      />
      <DateField
        label={t("eventPlanning.tasks.dueOn")}
        value={values.dueOn}
        onChange={(dueOn) => set({ dueOn })}
        error={!!errors.dueOn}
        helperText={errors.dueOn}
      />
    </FormDialog>
  );
}
