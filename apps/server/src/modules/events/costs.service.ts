import { type CostCategory, type CostValues, type EventCosts, type EventCostView, PLANNING_MESSAGES, RECEIPT_KINDS, UPLOAD_LIMITS } from "@clinic/shared";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { type Actor, managedBy } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";
import { checkFileForm, type ReceivedForm } from "../../platform/multipart.ts";
import { type BlobStore, newStorageKey, type Upload } from "../../platform/uploads.ts";
import { uploads } from "../../platform/uploads.table.ts";
import { managedEvent, managedEventOf } from "./events-scope.ts";
import { eventCosts, eventEvents } from "./events.table.ts";

/**
 * An event's budget lines (issue 37.4): planned and actual amounts, paid or not, and a receipt
 * kept as a private upload that only the event's staff download, through the route of its cost.
 * The list answers the lines, their totals, the income from tickets and the balance in one
 * statement, the event's scope included.
 */

/** The uploads row's kind: none of the editor's, so no gallery lists a receipt. */
export const RECEIPT_UPLOAD_KIND = "event_receipt";
/** The streaming cap: the largest kind a receipt may be. */
export const RECEIPT_CAP = Math.max(...RECEIPT_KINDS.map((kind) => UPLOAD_LIMITS[kind]));

export const receiptUrl = (costId: number) => `/api/events/costs/${costId}/receipt`;

/** An instant as the wire carries it (ISO 8601, UTC, milliseconds), written by PostgreSQL inside JSON. */
export const isoSql = (value: SQL) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One cost line as JSON, its receipt's upload (`u`) beside it. */
const costJson = sql`json_build_object(
  'id', c.id, 'category', c.category, 'supplier', c.supplier, 'description', c.description,
  'plannedCents', c.planned_cents, 'actualCents', c.actual_cents, 'paid', c.paid,
  'receipt', case when u.id is null then null else json_build_object('name', u.original_name, 'mime', u.mime, 'size', u.size) end,
  'createdAt', ${isoSql(sql`c.created_at`)}, 'updatedAt', ${isoSql(sql`c.updated_at`)})`;

type CostJson = Omit<EventCostView, "receipt"> & { receipt: { name: string; mime: string; size: number } | null };

const toCost = (row: CostJson): EventCostView => ({
  ...row,
  category: row.category as CostCategory,
  receipt: row.receipt ? { ...row.receipt, size: Number(row.receipt.size), url: receiptUrl(row.id) } : null,
});

/** An event's lines, totals, income and balance: one statement, 404 unless the actor manages the event. */
export async function listCosts(db: Db, actor: Actor, eventId: number): Promise<EventCosts> {
  const result = await db.execute<{
    currency: string;
    costs: CostJson[];
    totals: { planned: number; actual: number; paid: number; unpaid: number; costs: number };
    income: string | number;
  }>(sql`
    select e.currency,
      coalesce((select json_agg(${costJson} order by c.id) from event_costs c left join uploads u on u.id = c.receipt_upload_id where c.event_id = e.id), '[]') as costs,
      (select json_build_object(
          'planned', coalesce(sum(c.planned_cents), 0),
          'actual', coalesce(sum(c.actual_cents), 0),
          'paid', coalesce(sum(coalesce(c.actual_cents, c.planned_cents)) filter (where c.paid), 0),
          'unpaid', coalesce(sum(coalesce(c.actual_cents, c.planned_cents)) filter (where not c.paid), 0),
          'costs', coalesce(sum(coalesce(c.actual_cents, c.planned_cents)), 0))
        from event_costs c where c.event_id = e.id) as totals,
      (select coalesce(sum(case when p.kind = 'payment' then p.amount_cents else -p.amount_cents end), 0) from event_payments p where p.event_id = e.id) as income
    from event_events e where e.id = ${eventId} and ${managedBy(actor, sql`e.clinic_id`)}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  const income = Number(row.income);
  const costs = Number(row.totals.costs);
  return {
    currency: row.currency,
    costs: row.costs.map(toCost),
    totals: {
      plannedCents: Number(row.totals.planned),
      actualCents: Number(row.totals.actual),
      paidCents: Number(row.totals.paid),
      unpaidCents: Number(row.totals.unpaid),
    },
    costsCents: costs,
    incomeCents: income,
    balanceCents: income - costs,
  };
}

async function costView(db: Db, costId: number): Promise<EventCostView> {
  const result = await db.execute<{ cost: CostJson }>(
    sql`select ${costJson} as cost from event_costs c left join uploads u on u.id = c.receipt_upload_id where c.id = ${costId}`,
  );
  const row = result.rows[0];
  if (!row) throw notFound();
  return toCost(row.cost);
}

export async function createCost(db: Db, actor: Actor, eventId: number, input: CostValues): Promise<EventCostView> {
  const event = await managedEvent(db, actor, eventId);
  const result = await db.execute<{ id: number }>(sql`
    insert into event_costs (event_id, category, supplier, description, planned_cents, actual_cents, paid)
    values (${event.id}, ${input.category}, ${input.supplier}, ${input.description}, ${input.plannedCents}, ${input.actualCents}, ${input.paid})
    returning id`);
  return costView(db, Number(result.rows[0]?.id));
}

export async function updateCost(db: Db, actor: Actor, costId: number, input: CostValues): Promise<EventCostView> {
  await managedEventOf(db, actor, { table: "event_costs", id: costId });
  await db.execute(sql`
    update event_costs set category = ${input.category}, supplier = ${input.supplier}, description = ${input.description},
      planned_cents = ${input.plannedCents}, actual_cents = ${input.actualCents}, paid = ${input.paid}, updated_at = now()
    where id = ${costId}`);
  return costView(db, costId);
}

/** Removes upload rows (a cost's old or last receipt, a deleted event's receipts), then their bytes once the rows are gone. */
export async function dropReceipts(db: Db, store: BlobStore, uploadIds: (string | null | undefined)[], log?: FastifyBaseLogger): Promise<void> {
  const ids = uploadIds.filter((id): id is string => !!id);
  if (ids.length === 0) return;
  const gone = await db.execute<{ storage_key: string }>(
    sql`delete from uploads where kind = ${RECEIPT_UPLOAD_KIND} and id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and not exists (select 1 from event_costs c where c.receipt_upload_id = uploads.id) returning storage_key`,
  );
  for (const { storage_key: key } of gone.rows) {
    await store.remove(key).catch((error: unknown) => log?.error({ err: error, storageKey: key }, "could not remove the bytes of an event cost's receipt"));
  }
}

/** Deletes a line, then its receipt (row, then bytes). */
export async function deleteCost(db: Db, store: BlobStore, actor: Actor, costId: number, log?: FastifyBaseLogger): Promise<void> {
  await managedEventOf(db, actor, { table: "event_costs", id: costId });
  const result = await db.execute<{ receipt_upload_id: string | null }>(sql`delete from event_costs where id = ${costId} returning receipt_upload_id`);
  await dropReceipts(
    db,
    store,
    result.rows.map((row) => row.receipt_upload_id),
    log,
  );
}

/**
 * Keeps a receipt for a line, replacing the one it had: the bytes go into the store first, then
 * the upload row and the line's link in one transaction (a failure takes the new bytes with it);
 * the old receipt goes once the new one is in.
 */
export async function putReceipt(db: Db, store: BlobStore, actor: Actor, costId: number, form: ReceivedForm, log?: FastifyBaseLogger): Promise<EventCostView> {
  const event = await managedEventOf(db, actor, { table: "event_costs", id: costId });
  const { staged, mime } = checkFileForm(form, { schema: z.object({}).strict(), kinds: RECEIPT_KINDS, missingFile: PLANNING_MESSAGES.chooseReceipt });
  const storageKey = newStorageKey();
  await store.put(storageKey, staged.tempPath, staged.size, mime);
  let previous: string | null = null;
  try {
    previous = await db.transaction(async (tx) => {
      const [upload] = await tx
        .insert(uploads)
        .values({
          kind: RECEIPT_UPLOAD_KIND,
          mime,
          size: staged.size,
          sha256: staged.sha256,
          originalName: staged.originalName,
          storageKey,
          clinicId: event.clinicId,
          createdBy: actor.id,
        })
        .returning({ id: uploads.id });
      if (!upload) throw new Error("No upload inserted");
      // The old link read under the row's lock: two uploads at once each replace what the other left.
      const old = await tx.execute<{ receipt_upload_id: string | null }>(sql`select receipt_upload_id from event_costs where id = ${costId} for update`);
      if (old.rows.length === 0) throw notFound();
      await tx.execute(sql`update event_costs set receipt_upload_id = ${upload.id}, updated_at = now() where id = ${costId}`);
      return old.rows[0]?.receipt_upload_id ?? null;
    });
  } catch (error) {
    await store.remove(storageKey).catch(() => {});
    throw error;
  }
  await dropReceipts(db, store, [previous], log);
  return costView(db, costId);
}

/** The receipt of a line the actor manages, for its download; 404 without one. */
export async function receiptUpload(db: Db, actor: Actor, costId: number): Promise<Upload> {
  const [row] = await db
    .select({ upload: uploads })
    .from(eventCosts)
    .innerJoin(eventEvents, eq(eventEvents.id, eventCosts.eventId))
    .leftJoin(uploads, eq(uploads.id, eventCosts.receiptUploadId))
    .where(and(eq(eventCosts.id, costId), managedBy(actor, eventEvents.clinicId)));
  if (!row) throw notFound();
  if (!row.upload) throw notFound(PLANNING_MESSAGES.noReceipt);
  return row.upload;
}

/** Takes a line's receipt away (the link, then the upload and its bytes); 404 when it has none. */
export async function deleteReceipt(db: Db, store: BlobStore, actor: Actor, costId: number, log?: FastifyBaseLogger): Promise<void> {
  await managedEventOf(db, actor, { table: "event_costs", id: costId });
  const result = await db.execute<{ old: string | null }>(sql`
    update event_costs c set receipt_upload_id = null, updated_at = now()
    from (select id, receipt_upload_id from event_costs where id = ${costId} for update) o
    where c.id = o.id and o.receipt_upload_id is not null
    returning o.receipt_upload_id as old`);
  const old = result.rows[0]?.old;
  if (!old) throw notFound(PLANNING_MESSAGES.noReceipt);
  await dropReceipts(db, store, [old], log);
}
