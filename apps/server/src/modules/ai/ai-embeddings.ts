import { sql } from "drizzle-orm";
import { describeProviderError, embedTexts } from "./ai-provider.ts";
import { readableBy } from "./ai-retrieval.ts";
import { AI_EMBED_CRON, AI_EMBED_QUEUE, type AiDeps, loadSettings, providerKeyOf, providerOf } from "./ai-scope.ts";

/**
 * The embeddings half of the index (issue 42.3): the text half follows the content through
 * triggers; embeddings need the scope's provider, so a job (pg-boss) makes them for documents
 * that have none for the provider's model, or one of an older text. It runs when an admin saves
 * settings with an embeddings model or asks to re-index, and every five minutes for what
 * changed since. Retrieval ignores a stale embedding (its content hash differs) meanwhile.
 */

const BATCH = 64;
/** Documents embedded per scope in one run; the next run goes on. */
const PER_RUN = 2048;

export async function embedScope(deps: AiDeps, clinicId: string | null): Promise<number> {
  const settings = await loadSettings(deps.db, clinicId);
  const provider = providerOf(deps, settings);
  if (!provider?.embeddingModel) return 0;
  const providerKey = providerKeyOf(provider);
  const reader = { userId: "", clinicId, patient: false, language: "en" as const };
  let done = 0;
  while (done < PER_RUN) {
    const { rows } = await deps.db.execute<{ id: number; text: string; content_hash: string }>(sql`
      select d.id, d.title || E'\n' || left(d.body, 4000) as text, d.content_hash from ai_documents d
      left join ai_embeddings e on e.document_id = d.id and e.provider_key = ${providerKey}
      where ${readableBy(reader)} and (e.document_id is null or e.content_hash <> d.content_hash)
      order by d.id limit ${BATCH}`);
    if (rows.length === 0) break;
    const vectors = await embedTexts(
      provider,
      rows.map((row) => row.text),
    );
    const values = rows.map((row, index) => sql`(${row.id}, ${providerKey}, ${row.content_hash}, ${`{${(vectors[index] ?? []).join(",")}}`}::real[])`);
    await deps.db.execute(sql`
      insert into ai_embeddings (document_id, provider_key, content_hash, vector) values ${sql.join(values, sql`, `)}
      on conflict (document_id, provider_key) do update set content_hash = excluded.content_hash, vector = excluded.vector`);
    done += rows.length;
  }
  return done;
}

/** Every scope with an embeddings model configured. */
async function embedEveryScope(deps: AiDeps): Promise<void> {
  const { rows } = await deps.db.execute<{ clinic_id: string | null }>(
    sql`select clinic_id from ai_settings where base_url is not null and embedding_model <> ''`,
  );
  for (const row of rows) {
    try {
      await embedScope(deps, row.clinic_id);
    } catch (error) {
      // One scope's unreachable provider does not hold up the others; the next run tries again.
      deps.log.warn({ provider: describeProviderError(error) }, "ai embeddings job");
    }
  }
}

export async function queueEmbeddings(deps: AiDeps, clinicId: string | null): Promise<void> {
  await deps.jobs.send(AI_EMBED_QUEUE, { clinicId, scoped: true }, { singletonKey: `ai-embed-${clinicId ?? "platform"}` });
}

export function registerEmbeddingsJob(deps: AiDeps): void {
  deps.jobs.handle<{ clinicId?: string | null; scoped?: boolean }>(AI_EMBED_QUEUE, async (data) => {
    if (data.scoped) await embedScope(deps, data.clinicId ?? null);
    else await embedEveryScope(deps);
  });
  deps.jobs.every(AI_EMBED_QUEUE, AI_EMBED_CRON);
}
