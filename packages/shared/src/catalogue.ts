import { z } from "zod";
import { DESCRIPTION_MAX, NAME_MAX } from "./constants.ts";
import { richText } from "./rich-text.ts";
import { pageQuerySchema, requiredText, rowId, rowIdParam, storableText } from "./schemas.ts";

/** Spec §3, §5: category and recommendation names ≤ 60, descriptions ≤ 600 (visible characters of rich text), both required. */
export const categoryInputSchema = z
  .object({
    name: requiredText(NAME_MAX),
    description: richText(DESCRIPTION_MAX),
    /** Nutrition content: its recommendations and activities make the nutrition plans (spec §2). */
    nutrition: z.boolean().default(false),
  })
  .strict();
export type CategoryInput = z.input<typeof categoryInputSchema>;

export const recommendationInputSchema = z
  .object({
    name: requiredText(NAME_MAX),
    description: richText(DESCRIPTION_MAX),
    categoryId: rowId().nullable().default(null),
  })
  .strict();
export type RecommendationInput = z.input<typeof recommendationInputSchema>;

/** Who a catalogue row belongs to: the platform (made by an admin, seen by every clinic) or one clinic. */
const ownedRecord = {
  id: z.number().int(),
  clinicId: z.string().nullable(),
  /** Whether the caller may change or delete it. */
  editable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const categorySchema = z.object({
  ...ownedRecord,
  name: z.string(),
  description: z.string(),
  nutrition: z.boolean(),
  recommendationCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const recommendationSchema = z.object({
  ...ownedRecord,
  name: z.string(),
  description: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

/**
 * List query of spec §7: `name` names the field to search and `value` the text to look for
 * (`?name=name&value=vertigo`); `category` narrows recommendations to one category.
 */
export const catalogueQuerySchema = pageQuerySchema.extend({
  name: z.enum(["name", "description"]).default("name"),
  value: storableText(100)
    .transform((value) => value.trim())
    .optional(),
  category: rowIdParam().optional(),
});
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;

export const numericIdParamSchema = z.object({ id: rowIdParam() });
