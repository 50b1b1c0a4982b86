import { AI_MESSAGES, type AiIndexState, type AiSettings, type AiSettingsInput, aiSettingsInputSchema, isLocalEndpoint } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type Actor, clinicForCall } from "../../platform/access.ts";
import { sealSecret } from "../../platform/secrets.ts";
import { queueEmbeddings } from "./ai-embeddings.ts";
import { readableBy } from "./ai-retrieval.ts";
import { type AiDeps, loadSettings, providerKeyOf, type ScopeSettings } from "./ai-scope.ts";

/**
 * A scope's settings for the admins (issue 42.4): a clinic's, or the platform's (no clinic). The
 * API key goes in sealed with the auth secret and never comes out: the view says only whether
 * one is set.
 */

/** The clinic an admin names (404 when it is not a clinic); none: the platform. */
export async function scopeNamed(db: Db, actor: Actor, clinicId: string | null | undefined): Promise<string | null> {
  if (clinicId === null || clinicId === undefined) return null;
  return clinicForCall(db, actor, clinicId, AI_MESSAGES.clinicUnknown);
}

/** What a scope's staff can draw on, per kind, and how much of it has an embedding of the configured model. */
export async function indexState(db: Db, settings: ScopeSettings): Promise<AiIndexState> {
  const reader = { userId: "", clinicId: settings.clinicId, patient: false, language: "en" as const };
  const providerKey = settings.baseUrl && settings.embeddingModel ? providerKeyOf({ baseUrl: settings.baseUrl, embeddingModel: settings.embeddingModel }) : "";
  const { rows } = await db.execute<{ kind: string; documents: number; embedded: number }>(sql`
    select d.kind, count(*)::int as documents, count(e.document_id)::int as embedded
    from ai_documents d
    left join ai_embeddings e on e.document_id = d.id and e.provider_key = ${providerKey} and e.content_hash = d.content_hash
    where ${readableBy(reader)} group by d.kind`);
  return {
    documents: Object.fromEntries(rows.map((row) => [row.kind, row.documents])),
    embedded: rows.reduce((sum, row) => sum + row.embedded, 0),
  };
}

export async function settingsView(db: Db, settings: ScopeSettings): Promise<AiSettings> {
  const provider = settings.baseUrl
    ? {
        baseUrl: settings.baseUrl,
        model: settings.model,
        embeddingModel: settings.embeddingModel,
        hasApiKey: settings.apiKeySealed !== null,
        hosted: !isLocalEndpoint(settings.baseUrl),
      }
    : null;
  return {
    clinicId: settings.clinicId,
    provider,
    allowPatientData: settings.allowPatientData,
    systemPrompt: settings.systemPrompt,
    sources: settings.sources,
    perUserPerHour: settings.perUserPerHour,
    perClinicPerDay: settings.perClinicPerDay,
    maxAnswerTokens: settings.maxAnswerTokens,
    timeoutSeconds: settings.timeoutSeconds,
    emergencyPhone: settings.emergencyPhone,
    inputCentsPerMillion: settings.inputCentsPerMillion,
    outputCentsPerMillion: settings.outputCentsPerMillion,
    index: await indexState(db, settings),
    updatedAt: settings.updatedAt ? new Date(settings.updatedAt).toISOString() : null,
  };
}

export async function readSettings(db: Db, actor: Actor, clinicId: string | undefined): Promise<AiSettings> {
  const scope = await scopeNamed(db, actor, clinicId);
  return settingsView(db, await loadSettings(db, scope));
}

export async function saveSettings(deps: AiDeps, actor: Actor, raw: AiSettingsInput): Promise<AiSettings> {
  const input = aiSettingsInputSchema.parse(raw);
  const { db } = deps;
  const scope = await scopeNamed(db, actor, input.clinicId);
  const current = await loadSettings(db, scope);
  const provider = input.provider;
  // The key: absent keeps the stored one, for the same address only (a key never goes to another
  // address than the one it was given for); null or "" removes it.
  let sealed: string | null = null;
  if (provider) {
    if (provider.apiKey === undefined) sealed = current.baseUrl === provider.baseUrl ? current.apiKeySealed : null;
    else if (provider.apiKey) sealed = sealSecret(deps.sealKey, provider.apiKey);
  }
  const sources = [...new Set(input.sources)];
  await db.execute(sql`
    insert into ai_settings (clinic_id, base_url, model, embedding_model, api_key_sealed, allow_patient_data, system_prompt, sources,
      per_user_per_hour, per_clinic_per_day, max_answer_tokens, timeout_seconds, emergency_phone, input_cents_per_million,
      output_cents_per_million, updated_by_id)
    values (${scope}, ${provider?.baseUrl ?? null}, ${provider?.model ?? ""}, ${provider?.embeddingModel ?? ""}, ${sealed},
      ${input.allowPatientData}, ${input.systemPrompt}, ${JSON.stringify(sources)}::jsonb, ${input.perUserPerHour}, ${input.perClinicPerDay},
      ${input.maxAnswerTokens}, ${input.timeoutSeconds}, ${input.emergencyPhone}, ${input.inputCentsPerMillion}, ${input.outputCentsPerMillion}, ${actor.id})
    on conflict ((coalesce(clinic_id, ''))) do update set base_url = excluded.base_url, model = excluded.model,
      embedding_model = excluded.embedding_model, api_key_sealed = excluded.api_key_sealed, allow_patient_data = excluded.allow_patient_data,
      system_prompt = excluded.system_prompt, sources = excluded.sources, per_user_per_hour = excluded.per_user_per_hour,
      per_clinic_per_day = excluded.per_clinic_per_day, max_answer_tokens = excluded.max_answer_tokens, timeout_seconds = excluded.timeout_seconds,
      emergency_phone = excluded.emergency_phone, input_cents_per_million = excluded.input_cents_per_million,
      output_cents_per_million = excluded.output_cents_per_million, updated_by_id = excluded.updated_by_id, updated_at = now()`);
  const saved = await loadSettings(db, scope);
  if (saved.baseUrl && saved.embeddingModel) await queueEmbeddings(deps, scope);
  return settingsView(db, saved);
}

export async function reindex(deps: AiDeps, actor: Actor, clinicId: string | null): Promise<AiIndexState> {
  const scope = await scopeNamed(deps.db, actor, clinicId);
  const settings = await loadSettings(deps.db, scope);
  if (settings.baseUrl && settings.embeddingModel) await queueEmbeddings(deps, scope);
  return indexState(deps.db, settings);
}
