import { z } from "zod";
import { pageQuerySchema, queryFlag, rowId, rowIdParam, storableText, userId } from "./schemas.ts";

/**
 * `GET /api/assignListRecommendations/` (spec §7: q, page): the recommendations the caller can
 * give. `patient` marks those already given to that patient; `nutrition=true` keeps those filed
 * under a category marked as nutrition (the nutritionPlans screen, spec §2).
 */
export const assignListRecommendationsQuerySchema = pageQuerySchema.extend({
  q: storableText(100)
    .transform((value) => value.trim())
    .optional(),
  patient: userId().optional(),
  nutrition: queryFlag(),
});
export type AssignListRecommendationsQuery = z.infer<typeof assignListRecommendationsQuerySchema>;

/** The fields of a recommendation a patient or a giver sees (its description is rich text). */
const recommendationFields = {
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  /** Filed under a category marked as nutrition. */
  nutrition: z.boolean(),
};

export const assignableRecommendationSchema = z.object({
  ...recommendationFields,
  clinicId: z.string().nullable(),
  /** Already given to the `patient` of the query (false when no patient is named). */
  assigned: z.boolean(),
});
export type AssignableRecommendation = z.infer<typeof assignableRecommendationSchema>;

/** A recommendation given to a patient: `id` is the recommendation's, so removing it names that id. */
export const givenRecommendationSchema = z.object({
  ...recommendationFields,
  givenAt: z.string(),
});
export type GivenRecommendation = z.infer<typeof givenRecommendationSchema>;

/** `GET /api/patients-recommendations/{id}`: newest first, paged; `nutrition=true` as above. */
export const patientRecommendationsQuerySchema = pageQuerySchema.extend({ nutrition: queryFlag() });
export type PatientRecommendationsQuery = z.infer<typeof patientRecommendationsQuerySchema>;

/** Most recommendations one request may give: a screen's page of checkboxes, with room. */
export const GIVE_RECOMMENDATIONS_MAX = 100;

/** `POST /api/patients-recommendations/{id}`: the recommendation ids to give, all or none. */
export const giveRecommendationsSchema = z
  .object({
    recommendations: z.array(rowId()).min(1).max(GIVE_RECOMMENDATIONS_MAX),
  })
  .strict();
export type GiveRecommendations = z.infer<typeof giveRecommendationsSchema>;

/** Which ids were given now and which the patient already had (ignored, not an error). */
export const giveRecommendationsResultSchema = z.object({
  added: z.array(z.number().int()),
  alreadyGiven: z.array(z.number().int()),
});
export type GiveRecommendationsResult = z.infer<typeof giveRecommendationsResultSchema>;

export const patientIdParamSchema = z.object({ id: userId() });
export const patientUserParamSchema = z.object({ idUser: userId() });
/** `PUT /api/patient/{idUser}/?idRecommendation=`: the recommendation to take back. */
export const removeRecommendationQuerySchema = z.object({ idRecommendation: rowIdParam() });
