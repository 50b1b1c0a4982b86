import { buildById } from "@clinic/games";
import { z } from "zod";
import { DESCRIPTION_MAX, NAME_MAX } from "./constants.ts";
import { catalogueQuerySchema } from "./catalogue.ts";
import { richText, richTextToPlain } from "./rich-text.ts";
import { pageQuerySchema, queryFlag, requiredText, rowId, rowIdParam } from "./schemas.ts";

/** Spec §3: an activity is a game, a video or a text. */
export const ACTIVITY_TYPES = ["game", "video", "text"] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const ACTIVITY_BODY_MAX = 20_000;

const ids = (max: number) => z.array(rowId()).max(max).default([]);

/**
 * What makes each type playable: a video needs its file (an uploaded video or a link), a
 * game the id of its build, a text its body.
 */
const BUILD_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

export const activityInputSchema = z
  .object({
    name: requiredText(NAME_MAX),
    description: richText(DESCRIPTION_MAX),
    type: z.enum(ACTIVITY_TYPES),
    categoryIds: ids(20),
    recommendationIds: ids(50),
    fileId: rowId().nullable().default(null),
    /** A build of the games catalogue (`@clinic/games`). */
    gameBuildId: z.string().trim().regex(BUILD_ID, "Use lowercase letters, digits and dashes.").nullable().default(null),
    body: richText(ACTIVITY_BODY_MAX, { optional: true }).nullable().default(null),
    /** The activity's picture: an image uploaded through `POST /api/uploads/`. */
    imageUploadId: z.uuid().nullable().default(null),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.type === "video" && !value.fileId) context.addIssue({ code: "custom", path: ["fileId"], message: "A video activity needs its video file." });
    const build = value.gameBuildId;
    if (value.type === "game" && !build) context.addIssue({ code: "custom", path: ["gameBuildId"], message: "A game activity needs its game build." });
    // A well-formed id the catalogue lacks (a malformed one already has its message).
    else if (value.type === "game" && build && BUILD_ID.test(build) && !buildById(build))
      context.addIssue({ code: "custom", path: ["gameBuildId"], message: "Choose a game build of the catalogue." });
    if (value.type === "text" && !(value.body && richTextToPlain(value.body)))
      context.addIssue({ code: "custom", path: ["body"], message: "A text activity needs its text." });
  });
export type ActivityInput = z.input<typeof activityInputSchema>;

export const activitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  recommendations: z.array(z.object({ id: z.number().int(), name: z.string() })),
  fileId: z.number().int().nullable(),
  /** Where a video activity's video plays from: the download address of its upload, or its link. */
  videoUrl: z.string().nullable(),
  gameBuildId: z.string().nullable(),
  body: z.string().nullable(),
  imageUploadId: z.string().nullable(),
  imageUrl: z.string().nullable(),
  clinicId: z.string().nullable(),
  editable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

/** `nutrition=true` keeps activities filed under a category marked as nutrition (spec §2 nutritionPlans). */
export const activityQuerySchema = catalogueQuerySchema.extend({ type: z.enum(ACTIVITY_TYPES).optional(), nutrition: queryFlag() });
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityCategoryQuerySchema = pageQuerySchema.extend({ activity: rowIdParam().optional() });
export const activityCategorySchema = z.object({ id: z.number().int(), activity: z.number().int(), category: z.number().int(), categoryName: z.string() });

export const clinicSummarySchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
