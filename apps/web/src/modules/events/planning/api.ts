import type {
  ChecklistTemplateView,
  CostInput,
  EventCosts,
  EventCostView,
  EventTasks,
  EventTaskView,
  TaskInput,
  TaskUpdate,
  TemplateInput,
} from "@clinic/shared";
import type { QueryKey } from "@tanstack/react-query";
import { del, post, put, upload } from "../../../lib/api.ts";
import { useResource } from "../../../lib/resource.ts";

/**
 * The calls of an event's costs and checklist and of the checklist templates (server:
 * modules/events/planning.routes.ts). A change refetches the event's budget or checklist and the
 * event's dashboard, whose income, costs and balance move with them.
 */

export const COSTS_KEY = "event-costs";
export const TASKS_KEY = "event-tasks";
export const TEMPLATES_KEY = "event-checklist-templates";
/** The event's overview (helper 4's dashboard) shows costs and the balance too. */
const DASHBOARD_KEY = "event-dashboard";

export const costsPath = (eventId: number) => `/api/events/events/${eventId}/costs`;
export const tasksPath = (eventId: number) => `/api/events/events/${eventId}/tasks`;
/** The owners' picker: SearchPicker adds `&q=`. */
export const staffPath = (eventId: number) => `/api/events/events/${eventId}/staff?rowsPerPage=20`;
export const TEMPLATES_PATH = "/api/events/checklist-templates";

export const costLists = (eventId: number): QueryKey[] => [[COSTS_KEY, eventId], [DASHBOARD_KEY]];
export const taskLists = (eventId: number): QueryKey[] => [[TASKS_KEY, eventId], [DASHBOARD_KEY]];

export const useCosts = (eventId: number) => useResource<EventCosts>([COSTS_KEY, eventId], costsPath(eventId));
export const useTasks = (eventId: number) => useResource<EventTasks>([TASKS_KEY, eventId], tasksPath(eventId));
/** The platform's templates and the clinic's own; for an admin, `clinicId` narrows them to one clinic's. */
export const useTemplates = (clinicId?: string | null) => {
  const path = clinicId ? `${TEMPLATES_PATH}?clinicId=${encodeURIComponent(clinicId)}` : TEMPLATES_PATH;
  return useResource<ChecklistTemplateView[]>([TEMPLATES_KEY, clinicId ?? "all"], path);
};

export const createCost = (eventId: number, input: CostInput) => post<EventCostView>(costsPath(eventId), input);
export const updateCost = (costId: number, input: CostInput) => put<EventCostView>(`/api/events/costs/${costId}`, input);
export const deleteCost = (costId: number) => del<void>(`/api/events/costs/${costId}`);
export const receiptPath = (costId: number) => `/api/events/costs/${costId}/receipt`;
export function uploadReceipt(costId: number, file: File, onProgress?: (fraction: number) => void) {
  const form = new FormData();
  form.append("file", file);
  return upload<EventCostView>(receiptPath(costId), form, onProgress);
}
export const deleteReceipt = (costId: number) => del<void>(receiptPath(costId));

export const createTask = (eventId: number, input: TaskInput) => post<EventTaskView>(tasksPath(eventId), input);
export const updateTask = (taskId: number, change: TaskUpdate) => put<EventTaskView>(`/api/events/tasks/${taskId}`, change);
export const deleteTask = (taskId: number) => del<void>(`/api/events/tasks/${taskId}`);
export const tasksFromTemplate = (eventId: number, templateId: number) => post<EventTasks>(`${tasksPath(eventId)}/from-template`, { templateId });

const withClinic = (clinicId: string | null | undefined) => (clinicId ? `${TEMPLATES_PATH}?clinicId=${encodeURIComponent(clinicId)}` : TEMPLATES_PATH);
export const createTemplate = (input: TemplateInput, clinicId?: string | null) => post<ChecklistTemplateView>(withClinic(clinicId), input);
export const updateTemplate = (id: number, input: TemplateInput) => put<ChecklistTemplateView>(`${TEMPLATES_PATH}/${id}`, input);
export const deleteTemplate = (id: number) => del<void>(`${TEMPLATES_PATH}/${id}`);
