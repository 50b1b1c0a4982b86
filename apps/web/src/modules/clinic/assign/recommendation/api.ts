import type { GiveRecommendationsResult } from "@clinic/shared";
import { post, put } from "../../../../lib/api.ts";

/** Query keys: the giver's catalogue and a patient's given list (the patient's home shares the latter). */
export const ASSIGNABLE_KEY = "assignListRecommendations";
export const GIVEN_KEY = "patientRecommendations";

/** Spec §7: POST gives (bulk, all or none), PUT with `idRecommendation` takes one back. */
export const giveRecommendations = (patientId: string, ids: number[]) =>
  post<GiveRecommendationsResult>(`/api/patients-recommendations/${encodeURIComponent(patientId)}`, { recommendations: ids });
export const removeRecommendation = (patientId: string, recommendationId: number) =>
  put<null>(`/api/patient/${encodeURIComponent(patientId)}/?idRecommendation=${recommendationId}`);

/** `?…&nutrition=true` on the lists of the nutritionPlans screen. */
export const nutritionParam = (nutrition: boolean) => (nutrition ? "&nutrition=true" : "");
