import { createHash } from "node:crypto";
import { AI_DEFAULTS, AI_SOURCE_KINDS, type AiSourceKind, isLocalEndpoint } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { type Actor, clinicOf, requireAdmin, requireAuth, requireModule } from "../../platform/access.ts";
import type { FlagService } from "../../platform/flags.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import { openSecret } from "../../platform/secrets.ts";
import type { AiProviderSettings } from "./ai-provider.ts";

/**
 * What every part of the AI chat widget (module `widget_chat_ai`, issue 42) shares: its guards,
 * its dependencies, and the settings of a scope. A scope is a clinic (its account, therapists
 * and patients ask in it) or the platform (null: admins and users of no clinic).
 */

export const aiModule = requireModule("widget_chat_ai");
/** The widget: anyone signed in. */
export const aiUsers = [aiModule, requireAuth];
/** `/ai/app` (spec §6): admins. */
export const aiAdmins = [aiModule, requireAdmin];
export const AI_TAGS = ["ai"];

/** The embeddings job: every scope's documents lacking an embedding of its provider's model. */
export const AI_EMBED_QUEUE = "ai.embed";
export const AI_EMBED_CRON = "*/5 * * * *";

export interface AiDeps {
  db: Db;
  jobs: JobQueue;
  flags: FlagService;
  /** The key API keys are sealed with (from AUTH_SECRET). */
  sealKey: Buffer;
  log: FastifyBaseLogger;
  /** Which provider addresses are on site (patient data may go there): the shared rule; tests take the fake for hosted. */
  isLocalEndpoint: (baseUrl: string) => boolean;
}

export function aiDepsOf(app: FastifyInstance): AiDeps {
  return { db: app.db, jobs: app.jobs, flags: app.flags, sealKey: app.deriveKey("sealed-secrets"), log: app.log, isLocalEndpoint };
}

/** The scope a user asks in: their clinic, or the platform. */
export const scopeOf = (actor: Actor): string | null => clinicOf(actor);

export type ScopeSettings = {
  clinicId: string | null;
  baseUrl: string | null;
  model: string;
  embeddingModel: string;
  apiKeySealed: string | null;
  allowPatientData: boolean;
  systemPrompt: string;
  sources: AiSourceKind[];
  perUserPerHour: number;
  perClinicPerDay: number;
  maxAnswerTokens: number;
  timeoutSeconds: number;
  emergencyPhone: string;
  inputCentsPerMillion: number;
  outputCentsPerMillion: number;
  updatedAt: Date | null;
};

/** A scope's settings before an admin saved any: no model, every source, the default limits. */
export const defaultSettings = (clinicId: string | null): ScopeSettings => ({
  clinicId,
  baseUrl: null,
  model: "",
  embeddingModel: "",
  apiKeySealed: null,
  allowPatientData: false,
  systemPrompt: "",
  sources: [...AI_SOURCE_KINDS],
  ...AI_DEFAULTS,
  emergencyPhone: "",
  inputCentsPerMillion: 0,
  outputCentsPerMillion: 0,
  updatedAt: null,
});

/** The SQL that reads a scope's settings row (none: the defaults apply). */
export const settingsRowSql = (clinicId: string | null) => sql`
  select clinic_id as "clinicId", base_url as "baseUrl", model, embedding_model as "embeddingModel", api_key_sealed as "apiKeySealed",
    allow_patient_data as "allowPatientData", system_prompt as "systemPrompt", sources, per_user_per_hour as "perUserPerHour",
    per_clinic_per_day as "perClinicPerDay", max_answer_tokens as "maxAnswerTokens", timeout_seconds as "timeoutSeconds",
    emergency_phone as "emergencyPhone", input_cents_per_million as "inputCentsPerMillion", output_cents_per_million as "outputCentsPerMillion",
    updated_at as "updatedAt"
  from ai_settings where coalesce(clinic_id, '') = ${clinicId ?? ""}`;

export async function loadSettings(db: Db, clinicId: string | null): Promise<ScopeSettings> {
  const { rows } = await db.execute<ScopeSettings>(settingsRowSql(clinicId));
  return rows[0] ?? defaultSettings(clinicId);
}

/** The provider of a scope's settings, its key opened; null when no model is configured. */
export function providerOf(deps: Pick<AiDeps, "sealKey">, settings: ScopeSettings): AiProviderSettings | null {
  if (!settings.baseUrl || !settings.model) return null;
  return {
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKeySealed ? openSecret(deps.sealKey, settings.apiKeySealed) : null,
    model: settings.model,
    embeddingModel: settings.embeddingModel,
    timeoutMs: settings.timeoutSeconds * 1000,
    maxTokens: settings.maxAnswerTokens,
  };
}

/** Whether what is personal to a patient may reach this scope's provider (issue 42.5). */
export const patientDataAllowed = (deps: Pick<AiDeps, "isLocalEndpoint">, settings: ScopeSettings): boolean =>
  settings.allowPatientData || (settings.baseUrl !== null && deps.isLocalEndpoint(settings.baseUrl));

/** Which of the scope's sources are on: CMS pages also need the CMS module. */
export async function activeSources(flags: FlagService, settings: ScopeSettings): Promise<AiSourceKind[]> {
  const cms = await flags.isEnabled("navegacion");
  return settings.sources.filter((kind) => kind !== "page" || cms);
}

/** Identifies a provider's embeddings model: embeddings of another model are never compared. */
export const providerKeyOf = (provider: Pick<AiProviderSettings, "baseUrl" | "embeddingModel">): string =>
  createHash("sha256").update(`${provider.embeddingModel}\n${provider.baseUrl}`).digest("hex");
