import type { DynamicForm, FormAssignInput, FormInput } from "@clinic/shared";
import { del, post, put } from "../../../lib/api.ts";
import { registerRefusals } from "../../../lib/refusals.ts";
import { translateFormMessage } from "./messages.ts";

// Every forms screen calls through here: its refusals (FORM_MESSAGES) reach the action notices translated.
registerRefusals((t, message) => translateFormMessage(message, t));

/** Query keys: the forms lists (any page, search or tab), one form, the assignments. */
export const FORMS_KEY = "dynamic-forms";
export const formKey = (id: number) => ["dynamic-form", id] as const;
export const ASSIGNED_FORMS_KEY = "assigned-dynamic-forms";
export const assignmentKey = (id: number) => ["dynamic-form-assignment", id] as const;
/** A form's current questions (`GET /api/fields/{id}`): under FORMS_KEY, so saving a form refreshes them. */
export const fieldsKey = (id: number) => [FORMS_KEY, "fields", id] as const;
export const fieldsPath = (id: number) => `/api/fields/${id}`;

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
