import { buildById } from "@clinic/games";
import { z } from "zod";
import { DESCRIPTION_MAX, FILE_TYPES, NAME_MAX } from "./constants.ts";
import { catalogueQuerySchema } from "./catalogue.ts";
import { richText, richTextToPlain } from "./rich-text.ts";
import { pageQuerySchema, queryFlag, requiredText, rowId, rowIdParam } from "./schemas.ts";

/** Spec §3: an activity is a game, a video or a text. */
export const ACTIVITY_TYPES = ["game", "video", "text"] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const ACTIVITY_BODY_MAX = 20_000;

const ids = (max: number) => z.array(rowId()).max(max).default([]);

/**
 * The activity form's own messages, shared by the schema, the server and the web form (which
 * shows them in the interface language through `activityMessageKey`).
 */
export const ACTIVITY_MESSAGES = {
  videoNeeded: "A video activity needs its video file.",
  gameNeeded: "A game activity needs a catalogue game or an uploaded game.",
  gameBoth: "Choose a catalogue game or an uploaded game, not both.",
  buildId: "Use lowercase letters, digits and dashes.",
  buildUnknown: "Choose a game build of the catalogue.",
  textNeeded: "A text activity needs its text.",
  fileUnknown: "Unknown file.",
  chooseVideo: "Choose a video file.",
  chooseGame: "Choose an uploaded game file (a zip of type Game).",
  chooseDocument: "Choose a PDF or an image uploaded as a Text file.",
  categoryUnknown: "Unknown category.",
  recommendationUnknown: "Unknown recommendation.",
  imageUnknown: "Unknown image.",
  chooseImage: "Choose an image.",
} as const;
export type ActivityMessage = keyof typeof ACTIVITY_MESSAGES;

/** The key of one of the messages above, or null for any other text. */
export function activityMessageKey(message: string): ActivityMessage | null {
  const entry = Object.entries(ACTIVITY_MESSAGES).find(([, text]) => text === message);
  return entry ? (entry[0] as ActivityMessage) : null;
}

/** The File type (spec §3) an activity of each type attaches. */
export const ACTIVITY_FILE_TYPES = { video: "Video", game: "Game", text: "Text" } as const satisfies Record<ActivityType, string>;

/**
 * What makes each type playable: a video needs its file (an uploaded video or a link); a game
 * either a build of the catalogue or an uploaded bundle (a Game file), exactly one; a text its
 * body, and optionally a Text file (a PDF or an image) shown with it.
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
    gameBuildId: z.string().trim().regex(BUILD_ID, ACTIVITY_MESSAGES.buildId).nullable().default(null),
    body: richText(ACTIVITY_BODY_MAX, { optional: true }).nullable().default(null),
    /** The activity's picture: an image uploaded through `POST /api/uploads/`. */
    imageUploadId: z.uuid().nullable().default(null),
  })
  .strict()
  .superRefine((value, context) => {
    const issue = (path: string, key: ActivityMessage) => context.addIssue({ code: "custom", path: [path], message: ACTIVITY_MESSAGES[key] });
    if (value.type === "video" && !value.fileId) issue("fileId", "videoNeeded");
    const build = value.gameBuildId;
    if (value.type === "game") {
      // Either picker may be the one on screen: the message goes to both fields.
      if (!build && !value.fileId) for (const path of ["gameBuildId", "fileId"]) issue(path, "gameNeeded");
      else if (build && value.fileId) issue("fileId", "gameBoth");
      // A well-formed id the catalogue lacks (a malformed one already has its message).
      else if (build && BUILD_ID.test(build) && !buildById(build)) issue("gameBuildId", "buildUnknown");
    }
    if (value.type === "text" && !(value.body && richTextToPlain(value.body))) issue("body", "textNeeded");
  });
export type ActivityInput = z.input<typeof activityInputSchema>;

/**
 * An activity's attached File: `url` is its upload's access-checked download address (or its
 * link), `mime` the uploaded bytes' type (null for a link).
 */
export const activityFileSchema = z.object({ id: z.number().int(), name: z.string(), type: z.enum(FILE_TYPES), url: z.string(), mime: z.string().nullable() });
export type ActivityFile = z.infer<typeof activityFileSchema>;

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
  /** The attached File as players need it (a game's bundle, a text's PDF or image), or null. */
  file: activityFileSchema.nullable(),
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
