import type { AiFaq, AiFaqInput } from "@clinic/shared";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";
import { scopeNamed } from "./ai-settings.service.ts";
import { aiFaqs } from "./ai.table.ts";

/**
 * The FAQs a clinic (or the platform) writes for the assistant to cite (issue 42.4). Written here,
 * indexed by the trigger on ai_faqs in the same statement: the next question can cite them.
 */

type FaqRow = typeof aiFaqs.$inferSelect;

const faqView = (row: FaqRow): AiFaq => ({
  id: row.id,
  clinicId: row.clinicId,
  language: row.language as AiFaq["language"],
  audience: row.audience as AiFaq["audience"],
  question: row.question,
  answer: row.answer,
  updatedAt: row.updatedAt.toISOString(),
});

const scopeIs = (clinicId: string | null) => (clinicId === null ? sql`${aiFaqs.clinicId} is null` : eq(aiFaqs.clinicId, clinicId));

export async function listFaqs(db: Db, actor: Actor, clinicId: string | undefined): Promise<AiFaq[]> {
  const scope = await scopeNamed(db, actor, clinicId);
  const rows = await db.select().from(aiFaqs).where(scopeIs(scope)).orderBy(asc(aiFaqs.language), asc(aiFaqs.question), asc(aiFaqs.id));
  return rows.map(faqView);
}

export async function createFaq(db: Db, actor: Actor, input: AiFaqInput): Promise<AiFaq> {
  const scope = await scopeNamed(db, actor, input.clinicId);
  const [row] = await db
    .insert(aiFaqs)
    .values({ clinicId: scope, language: input.language, audience: input.audience, question: input.question, answer: input.answer })
    .returning();
  return faqView(row as FaqRow);
}

/** A FAQ keeps its scope: `clinicId` must name the one it has (else 404, as for a FAQ that does not exist). */
export async function updateFaq(db: Db, actor: Actor, id: number, input: AiFaqInput): Promise<AiFaq> {
  const scope = await scopeNamed(db, actor, input.clinicId);
  const [row] = await db
    .update(aiFaqs)
    .set({ language: input.language, audience: input.audience, question: input.question, answer: input.answer, updatedAt: new Date() })
    .where(sql`${aiFaqs.id} = ${id} and ${scopeIs(scope)}`)
    .returning();
  if (!row) throw notFound();
  return faqView(row);
}

export async function deleteFaq(db: Db, id: number): Promise<void> {
  const rows = await db.delete(aiFaqs).where(eq(aiFaqs.id, id)).returning({ id: aiFaqs.id });
  if (rows.length === 0) throw notFound();
}
