import { z } from "zod";
import { LANGUAGES } from "../constants.ts";
import { pageQuerySchema, requiredText, rowIdParam, storableText, userId } from "../schemas.ts";
import { dayRangeRules } from "../statistics.ts";
import { AI_FEEDBACK, AI_LIMITS, AI_MESSAGES, AI_SOURCE_KINDS, aiMessageSchema } from "./ai.ts";

/**
 * The AI chat's administration (`/ai/app`, spec §6: admins with the module on): per clinic (or
 * the platform, for users of no clinic) the provider, the system prompt, the sources used, the
 * limits and the clinic's FAQs; the conversation logs with their feedback, the usage and a test
 * console. The API key is stored sealed with the auth secret and never sent back: the view only
 * says whether one is set.
 *
 * Calls (admins only):
 *  - GET  /api/ai/settings?clinic=<id>      → AiSettings (no clinic: the platform's)
 *  - PUT  /api/ai/settings                  aiSettingsInputSchema → AiSettings
 *  - GET  /api/ai/faqs?clinic=<id>          → AiFaq[]
 *  - POST /api/ai/faqs                      aiFaqInputSchema → AiFaq (201)
 *  - PUT  /api/ai/faqs/:id                  aiFaqInputSchema → AiFaq
 *  - DELETE /api/ai/faqs/:id                → 204
 *  - GET  /api/ai/logs?clinic=&feedback=&page=&rowsPerPage=   → Paged<AiLogRow>
 *  - GET  /api/ai/logs/:id                  → AiLogConversation
 *  - GET  /api/ai/logs/export?clinic=&format=csv|xlsx         → the file
 *  - GET  /api/ai/usage?clinic=&since=&to=   → AiUsage
 *  - POST /api/ai/console                   aiConsoleSchema → text/event-stream (nothing stored)
 *  - POST /api/ai/reindex                   { clinicId } → AiIndexState (embeddings job queued)
 */

/** `?clinic=<id>` of the admin screens; absent: the platform's own settings (users of no clinic). */
export const aiScopeQuerySchema = z.object({ clinic: userId().optional() });
export type AiScopeQuery = z.infer<typeof aiScopeQuerySchema>;

const httpUrl = () => z.url({ protocol: /^https?$/, error: AI_MESSAGES.baseUrl }).max(AI_LIMITS.baseUrl);

export const aiProviderInputSchema = z
  .object({
    /** The OpenAI-compatible API's base, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (Ollama). */
    baseUrl: httpUrl(),
    model: requiredText(AI_LIMITS.model),
    /** The embeddings model; empty: text search only. */
    embeddingModel: storableText(AI_LIMITS.model).trim().default(""),
    /** Absent: keep the stored key; null or "": no key (local servers need none). */
    apiKey: storableText(AI_LIMITS.apiKey).trim().nullable().optional(),
  })
  .strict();
export type AiProviderInput = z.input<typeof aiProviderInputSchema>;

export const AI_DEFAULTS = {
  perUserPerHour: 30,
  perClinicPerDay: 1000,
  maxAnswerTokens: 600,
  timeoutSeconds: 30,
} as const;

export const aiSettingsInputSchema = z
  .object({
    clinicId: userId().nullable(),
    /** null: no model, retrieval-only mode. */
    provider: aiProviderInputSchema.nullable(),
    /** May hosted providers receive what is personal to a patient (their assignments, names)? Local ones always may. */
    allowPatientData: z.boolean(),
    systemPrompt: storableText(AI_LIMITS.systemPrompt),
    sources: z.array(z.enum(AI_SOURCE_KINDS)).max(AI_SOURCE_KINDS.length),
    perUserPerHour: z.number().int().min(1).max(1000),
    perClinicPerDay: z.number().int().min(1).max(100_000),
    maxAnswerTokens: z.number().int().min(50).max(4000),
    timeoutSeconds: z.number().int().min(5).max(120),
    /** The phone the emergency guard shows; empty: the clinic's account's phone. */
    emergencyPhone: storableText(AI_LIMITS.phone).trim(),
    /** Estimated cost: US cents per million tokens in and out (providers price tokens in dollars). */
    inputCentsPerMillion: z.number().int().min(0).max(1_000_000),
    outputCentsPerMillion: z.number().int().min(0).max(1_000_000),
  })
  .strict();
export type AiSettingsInput = z.input<typeof aiSettingsInputSchema>;

export const aiIndexStateSchema = z.object({
  /** Documents this scope's users may draw from, per kind. */
  documents: z.record(z.string(), z.number()),
  /** Of them, those with an embedding of the configured embeddings model. */
  embedded: z.number(),
});
export type AiIndexState = z.infer<typeof aiIndexStateSchema>;

export const aiSettingsSchema = z.object({
  clinicId: z.string().nullable(),
  provider: z
    .object({
      baseUrl: z.string(),
      model: z.string(),
      embeddingModel: z.string(),
      hasApiKey: z.boolean(),
      /** Not on this machine or its network: patient data goes there only with allowPatientData. */
      hosted: z.boolean(),
    })
    .nullable(),
  allowPatientData: z.boolean(),
  systemPrompt: z.string(),
  sources: z.array(z.enum(AI_SOURCE_KINDS)),
  perUserPerHour: z.number(),
  perClinicPerDay: z.number(),
  maxAnswerTokens: z.number(),
  timeoutSeconds: z.number(),
  emergencyPhone: z.string(),
  inputCentsPerMillion: z.number(),
  outputCentsPerMillion: z.number(),
  index: aiIndexStateSchema,
  updatedAt: z.string().nullable(),
});
export type AiSettings = z.infer<typeof aiSettingsSchema>;

export const AI_FAQ_AUDIENCES = ["everyone", "staff"] as const;
export type AiFaqAudience = (typeof AI_FAQ_AUDIENCES)[number];

export const aiFaqInputSchema = z
  .object({
    clinicId: userId().nullable(),
    language: z.enum(LANGUAGES),
    audience: z.enum(AI_FAQ_AUDIENCES),
    question: requiredText(AI_LIMITS.faqQuestion),
    answer: requiredText(AI_LIMITS.faqAnswer),
  })
  .strict();
export type AiFaqInput = z.input<typeof aiFaqInputSchema>;
export const aiFaqParamSchema = z.object({ id: rowIdParam() });

export const aiFaqSchema = z.object({
  id: z.number(),
  clinicId: z.string().nullable(),
  language: z.enum(LANGUAGES),
  audience: z.enum(AI_FAQ_AUDIENCES),
  question: z.string(),
  answer: z.string(),
  updatedAt: z.string(),
});
export type AiFaq = z.infer<typeof aiFaqSchema>;

export const aiLogQuerySchema = pageQuerySchema.extend({
  clinic: userId().optional(),
  /** Only conversations with an answer rated so. */
  feedback: z.enum(AI_FEEDBACK).optional(),
});
export type AiLogQuery = z.infer<typeof aiLogQuerySchema>;
export const aiLogExportQuerySchema = z.object({
  clinic: userId().optional(),
  feedback: z.enum(AI_FEEDBACK).optional(),
  format: z.enum(["csv", "xlsx"]).default("csv"),
});

export const aiLogRowSchema = z.object({
  id: z.number(),
  title: z.string(),
  userId: z.string(),
  userName: z.string(),
  questions: z.number(),
  up: z.number(),
  down: z.number(),
  updatedAt: z.string(),
});
export type AiLogRow = z.infer<typeof aiLogRowSchema>;
export const aiLogConversationSchema = aiLogRowSchema.extend({ messages: z.array(aiMessageSchema) });
export type AiLogConversation = z.infer<typeof aiLogConversationSchema>;

const day = () => z.iso.date();
/** The days of usage, as the statistics take them (since ≤ to, at most STATISTICS_MAX_DAYS; default: the last 30 days). */
export const aiUsageQuerySchema = z
  .object({ clinic: userId().optional(), since: day().optional(), to: day().optional() })
  .superRefine(dayRangeRules({ since: "since", to: "to" }));
export type AiUsageQuery = z.infer<typeof aiUsageQuerySchema>;

const usageFigures = { questions: z.number(), tokensIn: z.number(), tokensOut: z.number(), costCents: z.number() };
export const aiUsageSchema = z.object({
  since: z.string(),
  to: z.string(),
  days: z.array(z.object({ day: z.string(), ...usageFigures })),
  users: z.array(z.object({ userId: z.string(), userName: z.string(), ...usageFigures })),
  totals: z.object(usageFigures),
});
export type AiUsage = z.infer<typeof aiUsageSchema>;

export const aiConsoleSchema = z.object({ clinicId: userId().nullable(), question: requiredText(AI_LIMITS.question) }).strict();
export type AiConsoleInput = z.infer<typeof aiConsoleSchema>;
export const aiReindexSchema = z.object({ clinicId: userId().nullable() }).strict();
