import type { ResolvedForm } from "@clinic/shared";
import { put } from "../../../../lib/api.ts";

/** Query-key roots of the results screens; a review refetches what it changed under them. */
export const RESULTS_KEY = "form-results";
export const RESULT_KEY = "form-result";
export const SCORE_HISTORY_KEY = "form-score-history";
export const FORM_PICKER_KEY = "form-results-form-picker";

/** The two screens (packages/shared/src/routes.ts: formResults, formResult). */
export const RESULTS_SCREEN = "/manager/admin/forms/results";
export const resultScreen = (assignmentId: number) => `${RESULTS_SCREEN}/${assignmentId}`;

export const RESULTS_PATH = "/api/resolved-dynamic-forms/";
export const RESULTS_EXPORT_PATH = "/api/forms/results/export";
export const assignmentPath = (assignmentId: number) => `/api/forms/assignments/${assignmentId}`;
/** Spec §7's `resolved-dynamic-Form/{a}/{b}/`: patient a's submissions of form b, oldest first. */
export const scoreHistoryPath = (patientId: string, formId: number) => `/api/resolved-dynamic-Form/${encodeURIComponent(patientId)}/${formId}/`;
export const formPath = (formId: number) => `/api/form/${formId}`;
export const patientPath = (patientId: string) => `/api/user-patients/${encodeURIComponent(patientId)}`;
/** The form picker's choices: the first forms, or those whose name holds what was typed. */
export const formChoicesPath = (q: string) => (q ? `/api/search-form/${encodeURIComponent(q)}/` : "/api/forms/?limit=20");

export const reviewResult = (assignmentId: number, note: string) => put<ResolvedForm>(`${assignmentPath(assignmentId)}/review`, { note });
