import type { DynamicForm, FormAssignInput, FormInput, ResolvedForm, ResolvedFormInput } from "@clinic/shared";
import { del, post, put } from "../../../lib/api.ts";

/** Query keys: the forms lists (any page, search or tab), one form, the assignments. */
export const FORMS_KEY = "dynamic-forms";
export const formKey = (id: number) => ["dynamic-form", id] as const;
export const ASSIGNED_FORMS_KEY = "assigned-dynamic-forms";
export const assignmentKey = (id: number) => ["dynamic-form-assignment", id] as const;

export const FORMS_BASE = "/manager/admin/forms";
export const formPath = (id: number | "add") => `${FORMS_BASE}/${id}`;
export const answerPath = (assignmentId: number) => `${FORMS_BASE}/answer/${assignmentId}`;
/** The results screen (route `formResults`). */
export const RESULTS_PATH = `${FORMS_BASE}/results`;

export const createForm = (input: FormInput) => post<DynamicForm>("/api/create-form/", input);
export const updateForm = (id: number, input: FormInput) => put<DynamicForm>(`/api/delete-update-form/${id}`, input);
export const deleteForm = (id: number) => del<null>(`/api/delete-update-form/${id}`);
export const archiveForm = (id: number, archived: boolean) => put<DynamicForm>(`/api/forms/${id}/archive`, { archived });
export const assignForm = (input: FormAssignInput) => post<{ assigned: number }>("/api/assignDynamicForm/", input);
export const saveAnswers = (input: ResolvedFormInput) => post<ResolvedForm>("/api/resolved-form/", input);
