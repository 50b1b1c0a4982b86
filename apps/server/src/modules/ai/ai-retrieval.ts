import { AI_LIMITS, type AiSource, type AiSourceKind, type Language } from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/**
 * Retrieval (issue 42.3): the documents of the index a user may see, ranked for a question by
 * PostgreSQL full-text search in English and Spanish, combined with the cosine of the question's
 * embedding when the scope's provider makes embeddings. One statement. A user draws only on what
 * the API would show them: a patient on their clinic's and the platform's FAQs and pages for
 * everyone, and on the activities, recommendations and forms assigned to them; staff on the
 * platform's and their clinic's; users of no clinic (admins) on the platform's.
 */

export interface Reader {
  userId: string;
  /** The clinic the user reads as; null: the platform's content only. */
  clinicId: string | null;
  patient: boolean;
  language: Language;
}

export interface Passage extends AiSource {
  score: number;
  /** The text given to the model and shown in retrieval-only mode. */
  text: string;
}

/** Words of a question as an OR query: a question's words rarely all appear in the answer. */
export function orQuery(question: string): string {
  const words = question.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [];
  return [...new Set(words)].slice(0, 32).join(" | ");
}

/** The SQL condition of the documents `reader` may draw on (alias `d`). */
export function readableBy(reader: Reader): SQL {
  if (reader.patient) {
    return sql`(
      (d.kind in ('faq', 'page') and d.audience = 'everyone' and (d.clinic_id is null or d.clinic_id = ${reader.clinicId}))
      or (d.kind = 'activity' and exists (select 1 from assigned_activities a where a.activity_id = d.source_id and a.patient_id = ${reader.userId}))
      or (d.kind = 'recommendation' and exists (select 1 from assigned_recommendations r where r.recommendation_id = d.source_id and r.patient_id = ${reader.userId}))
      or (d.kind = 'form' and exists (select 1 from form_assignments f where f.form_id = d.source_id and f.patient_id = ${reader.userId})))`;
  }
  if (reader.clinicId === null) return sql`d.clinic_id is null`;
  return sql`(d.clinic_id is null or d.clinic_id = ${reader.clinicId})`;
}

/** Where a source leads: the staff's screen of a catalogue item, the patient's home, a page's public address. */
export function sourceUrl(kind: AiSourceKind, id: number, patient: boolean, page: { language: string | null; slug: string | null }): string | null {
  switch (kind) {
    case "activity":
      return patient ? "/manager/patient" : `/manager/admin/activities/${id}`;
    case "recommendation":
      return patient ? "/manager/patient" : `/manager/admin/recommendations/${id}`;
    case "form":
      return patient ? "/manager/patient" : `/manager/admin/forms/${id}`;
    case "page":
      return page.slug ? `/site/${page.language ?? "en"}/${page.slug}` : `/site/${page.language ?? "en"}`;
    case "faq":
      return null;
  }
}

const excerptOf = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

type Row = {
  id: number;
  kind: AiSourceKind;
  source_id: number;
  title: string;
  body: string;
  language: string | null;
  slug: string | null;
  score: number;
};

export interface RetrievalOptions {
  kinds: readonly AiSourceKind[];
  /** The question's embedding and the provider key it belongs to. */
  embedding?: { vector: number[]; providerKey: string } | null;
  limit?: number;
}

/** A passage is kept when it scores at least this share of the best one. */
const RELEVANT_SHARE = 0.5;
/** A document counts as found by meaning alone from this cosine on. */
const MIN_COSINE = 0.35;

export async function retrieve(db: Db, reader: Reader, question: string, options: RetrievalOptions): Promise<Passage[]> {
  if (options.kinds.length === 0) return [];
  const terms = orQuery(question);
  const embedding = options.embedding ?? null;
  if (!terms && !embedding) return [];
  const kinds = sql.join(
    options.kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const tsq = terms ? sql`(to_tsquery('english', ${terms}) || to_tsquery('spanish', ${terms}))` : sql`''::tsquery`;
  const cosine = embedding ? sql`coalesce(ai_dot(e.vector, ${`{${embedding.vector.join(",")}}`}::real[]), 0)` : sql`0`;
  const join = embedding
    ? sql`left join ai_embeddings e on e.document_id = d.id and e.provider_key = ${embedding.providerKey} and e.content_hash = d.content_hash`
    : sql``;
  const found = embedding ? sql`(d.search @@ q.tsq or ${cosine} >= ${MIN_COSINE})` : sql`d.search @@ q.tsq`;
  // ts_rank with normalisation 1 | 32 favours short documents (a FAQ over a long form) and is rank / (rank + 1): in [0, 1) like the cosine, so the two add up fairly.
  const { rows } = await db.execute<Row>(sql`
    with q as (select ${tsq} as tsq)
    select d.id, d.kind, d.source_id, d.title, d.body, d.language, d.slug,
      (ts_rank(d.search, q.tsq, 33) * ${embedding ? 0.6 : 1} + ${cosine} * ${embedding ? 0.4 : 0}
        + case when d.language = ${reader.language} then 0.02 else 0 end)::float8 as score
    from ai_documents d cross join q ${join}
    where d.kind in (${kinds}) and ${readableBy(reader)} and ${found}
    order by score desc, d.id
    limit ${options.limit ?? AI_LIMITS.sources}`);
  // Only passages near the best: an OR query also matches a question's common words elsewhere.
  const best = Number(rows[0]?.score ?? 0);
  return rows
    .filter((row) => Number(row.score) >= best * RELEVANT_SHARE)
    .map((row) => ({
      kind: row.kind,
      id: row.source_id,
      title: row.title,
      url: sourceUrl(row.kind, row.source_id, reader.patient, { language: row.language, slug: row.slug }),
      excerpt: excerptOf(row.body, 240),
      text: excerptOf(row.body, AI_LIMITS.passage),
      score: Number(row.score),
    }));
}
