import type {
  AssignableRecommendation,
  AssignListRecommendationsQuery,
  GivenRecommendation,
  GiveRecommendationsResult,
  Paged,
  PatientRecommendationsQuery,
} from "@clinic/shared";
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Notifier } from "../../../platform/notifications.ts";
import { noticeRecommendationsGiven } from "./assignment-notices.ts";
import type { Db } from "../../../db/client.ts";
import { type Actor, catalogueScope } from "../../../platform/access.ts";
import { notFound } from "../../../platform/errors.ts";
import { containsText, pageOf, pageWindow } from "../../../platform/paging.ts";
import { categories } from "../categories/categories.table.ts";
import { recommendations } from "../recommendations/recommendations.table.ts";
import { assignedRecommendations } from "./assignments.table.ts";
import { assertPatientInScope, checkPagePatient, patientFound, type ScopedPatient } from "./patient-check.ts";

/**
 * Recommendations the actor may give to `patient`: those of the actor's catalogue (the
 * platform's and their clinic's; all for admins) that the patient's own clinic can also see,
 * so an admin never hands one clinic's recommendation to another clinic's patient.
 */
function givable(actor: Actor, patient: ScopedPatient | null): SQL {
  const scope = catalogueScope(actor, recommendations.clinicId);
  if (!patient) return scope;
  const patientClinic = patient.clinicId ? eq(recommendations.clinicId, patient.clinicId) : undefined;
  return and(scope, or(isNull(recommendations.clinicId), patientClinic)) as SQL;
}

const nutritionOnly = (nutrition: boolean | undefined) => (nutrition ? eq(categories.nutrition, true) : undefined);

const recommendationColumns = {
  id: recommendations.id,
  name: recommendations.name,
  description: recommendations.description,
  categoryId: recommendations.categoryId,
  categoryName: categories.name,
  nutrition: sql<boolean>`coalesce(${categories.nutrition}, false)`,
};

/** `GET /api/assignListRecommendations/`: what the actor can give, each marked when the named patient has it. */
export async function listAssignableRecommendations(db: Db, actor: Actor, query: AssignListRecommendationsQuery): Promise<Paged<AssignableRecommendation>> {
  const patient = query.patient ? await assertPatientInScope(db, actor, query.patient) : null;
  const where = and(givable(actor, patient), containsText(recommendations.name, query.q), nutritionOnly(query.nutrition));
  const assigned = patient
    ? sql<boolean>`exists (select 1 from ${assignedRecommendations} ar where ar.recommendation_id = ${recommendations.id} and ar.patient_id = ${patient.id})`
    : sql<boolean>`false`;
  const { limit, offset } = pageWindow(query);
  const order = [asc(recommendations.name), asc(recommendations.id)];
  return pageOf(
    db,
    actor,
    query,
    {
      tables: [recommendations, categories],
      counted: db
        .select({ one: sql`1` })
        .from(recommendations)
        .leftJoin(categories, eq(categories.id, recommendations.categoryId))
        .where(where)
        .orderBy(...order),
    },
    (pageTotal) =>
      db
        .select({ ...recommendationColumns, clinicId: recommendations.clinicId, assigned, pageTotal })
        .from(recommendations)
        .leftJoin(categories, eq(categories.id, recommendations.categoryId))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  );
}

/** `GET /api/patients-recommendations/{id}`: the recommendations given to the patient, newest first. */
export async function listGivenRecommendations(
  db: Db,
  actor: Actor,
  patientId: string,
  query: PatientRecommendationsQuery,
): Promise<Paged<GivenRecommendation>> {
  const where = and(eq(assignedRecommendations.patientId, patientId), nutritionOnly(query.nutrition));
  const { limit, offset } = pageWindow(query);
  const page = await pageOf(
    db,
    actor,
    query,
    {
      tables: [assignedRecommendations, recommendations, categories],
      counted: db
        .select({ one: sql`1` })
        .from(assignedRecommendations)
        .innerJoin(recommendations, eq(recommendations.id, assignedRecommendations.recommendationId))
        .leftJoin(categories, eq(categories.id, recommendations.categoryId))
        .where(where),
    },
    (pageTotal) =>
      db
        .select({ ...recommendationColumns, givenAt: assignedRecommendations.createdAt, patientFound: patientFound(actor, patientId), pageTotal })
        .from(assignedRecommendations)
        .innerJoin(recommendations, eq(recommendations.id, assignedRecommendations.recommendationId))
        .leftJoin(categories, eq(categories.id, recommendations.categoryId))
        .where(where)
        .orderBy(desc(assignedRecommendations.createdAt), desc(assignedRecommendations.id))
        .limit(limit)
        .offset(offset),
  );
  await checkPagePatient(db, actor, patientId, page.data);
  return { ...page, data: page.data.map(({ patientFound: _, ...row }) => ({ ...row, givenAt: row.givenAt.toISOString() })) };
}

/**
 * `POST /api/patients-recommendations/{id}`: gives every recommendation named, in one
 * transaction. One id the actor may not give (or that does not exist) refuses the whole
 * request with 404 and writes nothing; ones the patient already has are ignored.
 */
export async function giveRecommendations(db: Db, actor: Actor, patientId: string, ids: number[], notifier?: Notifier): Promise<GiveRecommendationsResult> {
  const wanted = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const patient = await assertPatientInScope(tx as unknown as Db, actor, patientId);
    const found = await tx
      .select({ id: recommendations.id })
      .from(recommendations)
      .where(and(inArray(recommendations.id, wanted), givable(actor, patient)));
    if (found.length !== wanted.length) throw notFound("Not found.");
    const inserted = await tx
      .insert(assignedRecommendations)
      .values(wanted.map((recommendationId) => ({ recommendationId, patientId: patient.id, assignedBy: actor.id })))
      .onConflictDoNothing({ target: [assignedRecommendations.patientId, assignedRecommendations.recommendationId] })
      .returning({ id: assignedRecommendations.recommendationId });
    const added = new Set(inserted.map((row) => row.id));
    await noticeRecommendationsGiven(tx as unknown as Db, notifier, actor.id, patient.id, [...added]);
    return { added: wanted.filter((id) => added.has(id)), alreadyGiven: wanted.filter((id) => !added.has(id)) };
  });
}

/** `PUT /api/patient/{idUser}/?idRecommendation=`: takes one recommendation back (404 when the patient does not have it). */
export async function removeRecommendation(db: Db, actor: Actor, patientId: string, recommendationId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const patient = await assertPatientInScope(tx as unknown as Db, actor, patientId);
    const removed = await tx
      .delete(assignedRecommendations)
      .where(and(eq(assignedRecommendations.patientId, patient.id), eq(assignedRecommendations.recommendationId, recommendationId)))
      .returning({ id: assignedRecommendations.id });
    if (removed.length === 0) throw notFound();
  });
}
