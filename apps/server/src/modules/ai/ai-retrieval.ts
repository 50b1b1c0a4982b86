import { AI_LIMITS, type AiSource, type AiSourceKind, type Language } from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/**
 * Retrieval (issue 42.3): the documents of the index a user may see, ranked for a question by
 * PostgreSQL full-text search (the index stems in English and Spanish, the question in the
 * reader's language), combined with the cosine of the question's embedding when the scope's
 * provider makes embeddings. One statement. A user draws only on what
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
/** Lexemes of a question searched for (its first ones); beyond, a question is long enough already. */
const MAX_TERMS = 8;
/**
 * Documents ranked per question at most. Matching is an index lookup; ranking reads each match,
 * so a common word in a catalogue of 100 000 activities would rank thousands: the candidates come
 * from the narrowest tier that has any (every word, then any two words, then any word) and stop
 * at this many.
 */
const CANDIDATES = 200;
/** What matching more of the question's words adds to a document's score, by tier. */
const TIER_BONUS = [0.3, 0.15, 0] as const;

export async function retrieve(db: Db, reader: Reader, question: string, options: RetrievalOptions): Promise<Passage[]> {
  if (options.kinds.length === 0 || !/[\p{L}\p{N}]/u.test(question)) return [];
  const embedding = options.embedding ?? null;
  const kinds = sql.join(
    options.kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const scope = sql`d.kind in (${kinds}) and ${readableBy(reader)}`;
  const config = reader.language === "es" ? "spanish" : "english";
  const vector = embedding ? `{${embedding.vector.join(",")}}` : null;
  const cosine = embedding ? sql`coalesce(ai_dot(e.vector, ${vector}::real[]), 0)` : sql`0`;
  const embeddings = embedding
    ? sql`left join ai_embeddings e on e.document_id = d.id and e.provider_key = ${embedding.providerKey} and e.content_hash = d.content_hash`
    : sql``;
  // By meaning: the curated kinds (FAQs, pages) whose embedding is close enough, whatever their words.
  const semantic = embedding
    ? sql`union all (select d.id, 3 as tier from ai_documents d join ai_embeddings e on e.document_id = d.id and e.provider_key = ${embedding.providerKey}
        and e.content_hash = d.content_hash where ${scope} and d.kind in ('faq', 'page') and ai_dot(e.vector, ${vector}::real[]) >= ${MIN_COSINE}
        order by ai_dot(e.vector, ${vector}::real[]) desc limit ${AI_LIMITS.sources})`
    : sql``;
  // The question's lexemes in the reader's language (stop words dropped, stemmed as the index is);
  // the tiers' queries are built from them in SQL, quoted, so no input can break tsquery syntax.
  // The tiers run in order and stop once CANDIDATES are found (an Append under a LIMIT).
  const { rows } = await db.execute<Row>(sql`
    with terms as (
      select array(select x from unnest(tsvector_to_array(to_tsvector(${config}::regconfig, ${question}))) as x limit ${MAX_TERMS}) as w
    ), q as (
      select
        case when cardinality(w) > 0 then array_to_string(array(select quote_literal(x) from unnest(w) as x), ' & ')::tsquery end as all_q,
        case when cardinality(w) > 2 then array_to_string(array(select '(' || quote_literal(a) || ' & ' || quote_literal(b) || ')'
          from unnest(w) as a, unnest(w) as b where a < b), ' | ')::tsquery end as pair_q,
        case when cardinality(w) > 1 then array_to_string(array(select quote_literal(x) from unnest(w) as x), ' | ')::tsquery end as any_q
      from terms
    ), by_words as (
      -- Each query as a scalar subquery: a value the planner can look up in the GIN index (a join with q it cannot).
      (select d.id, 0 as tier from ai_documents d where d.search @@ (select all_q from q) and ${scope} limit ${CANDIDATES})
      union all
      (select d.id, 1 from ai_documents d where d.search @@ (select pair_q from q) and not d.search @@ (select all_q from q) and ${scope} limit ${CANDIDATES})
      union all
      (select d.id, 2 from ai_documents d where d.search @@ (select any_q from q) and not d.search @@ (select coalesce(pair_q, all_q) from q) and ${scope}
        limit ${CANDIDATES})
      limit ${CANDIDATES}
    ), candidates as (
      select id, min(tier) as tier from (select * from by_words ${semantic}) as found group by id
    )
    select d.id, d.kind, d.source_id, d.title, d.body, d.language, d.slug,
      (coalesce(ts_rank(d.search, coalesce(q.any_q, q.all_q), 33), 0) * ${embedding ? 0.6 : 1}
        + (array[${TIER_BONUS[0]}, ${TIER_BONUS[1]}, ${TIER_BONUS[2]}, 0]::float8[])[c.tier + 1]
        + ${cosine} * ${embedding ? 0.4 : 0}
        + case when d.language = ${reader.language} then 0.02 else 0 end)::float8 as score
    from candidates c join ai_documents d on d.id = c.id cross join q ${embeddings}
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
