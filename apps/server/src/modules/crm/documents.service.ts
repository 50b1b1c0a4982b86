import { CRM_CLIENT_MESSAGES, CRM_DOCUMENT_KINDS, type CrmDocument, crmDocumentFieldsSchema, UPLOAD_LIMITS } from "@clinic/shared";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import type { Actor } from "../../platform/access.ts";
import { badRequest, forbidden, notFound } from "../../platform/errors.ts";
import { checkFileForm, type ReceivedForm } from "../../platform/multipart.ts";
import { type BlobStore, newStorageKey, type Upload } from "../../platform/uploads.ts";
import { uploads } from "../../platform/uploads.table.ts";
import { personName } from "../clinic/appointments/scope.ts";
import { isCrmAdmin, managedBy } from "./crm-scope.ts";
import { crmClients, crmDocuments, crmInitiatives } from "./crm.table.ts";
import { track } from "./tracking.ts";

/**
 * Documents of spec §3 (media: a name of at most 200 and a file) on a client or an initiative.
 * A client's: any agent or CRM admin of the clinic reads and adds them, their uploader or a CRM
 * admin deletes them. An initiative's: only its salesman or a CRM admin. The bytes download
 * only through the CRM's own route, after that check.
 */

/**
 * The uploads row's kind: none of the editor's, so no catalogue gallery lists a client's
 * document (the platform's kinds are image, video, document and game).
 */
export const CRM_UPLOAD_KIND = "crm_document";

/** The streaming cap: the largest kind a document may be. */
export const CRM_DOCUMENT_CAP = Math.max(...CRM_DOCUMENT_KINDS.map((kind) => UPLOAD_LIMITS[kind]));

const creator = alias(users, "document_creator");

type Target = { clientId: number } | { initiativeId: number };
type Intent = "read" | "add" | "delete";

/**
 * The clinic of a document's client or initiative, once the actor may act on it: 404 (or, for
 * a form's field, 400) for another clinic's, 403 for another agent's initiative.
 */
async function targetClinic(db: Db, actor: Actor, target: Target, asField: boolean): Promise<string> {
  if ("clientId" in target) {
    const [client] = await db
      .select({ clinicId: crmClients.clinicId })
      .from(crmClients)
      .where(and(eq(crmClients.id, target.clientId), managedBy(actor, crmClients.clinicId)));
    if (!client) throw asField ? badRequest({ clientId: [CRM_CLIENT_MESSAGES.notClinicClient] }) : notFound();
    return client.clinicId;
  }
  const [initiative] = await db
    .select({ clinicId: crmInitiatives.clinicId, salesmanId: crmInitiatives.salesmanId })
    .from(crmInitiatives)
    .where(and(eq(crmInitiatives.id, target.initiativeId), managedBy(actor, crmInitiatives.clinicId)));
  if (!initiative) throw asField ? badRequest({ initiativeId: [CRM_CLIENT_MESSAGES.notClinicInitiative] }) : notFound();
  if (!isCrmAdmin(actor) && initiative.salesmanId !== actor.id) throw forbidden("Only the initiative's salesman or a CRM admin can see its documents.");
  return initiative.clinicId;
}

const documentColumns = {
  id: crmDocuments.id,
  clientId: crmDocuments.clientId,
  initiativeId: crmDocuments.initiativeId,
  name: crmDocuments.name,
  originalName: uploads.originalName,
  mime: uploads.mime,
  size: uploads.size,
  createdBy: crmDocuments.createdBy,
  createdByName: sql<string | null>`case when ${creator.id} is null then null else ${personName(creator)} end`,
  createdAt: crmDocuments.createdAt,
};

type DocumentRow = Omit<CrmDocument, "downloadUrl" | "createdAt"> & { createdAt: Date };
const toDocument = (row: DocumentRow): CrmDocument => ({ ...row, downloadUrl: `/api/crm/documents/${row.id}/file`, createdAt: row.createdAt.toISOString() });

function selectDocuments(db: Db) {
  return db
    .select(documentColumns)
    .from(crmDocuments)
    .innerJoin(uploads, eq(uploads.id, crmDocuments.uploadId))
    .leftJoin(creator, eq(creator.id, crmDocuments.createdBy));
}

/** A client's or an initiative's documents, newest first. */
export async function listDocuments(db: Db, actor: Actor, target: Target): Promise<CrmDocument[]> {
  await targetClinic(db, actor, target, false);
  const rows = await selectDocuments(db)
    .where("clientId" in target ? eq(crmDocuments.clientId, target.clientId) : eq(crmDocuments.initiativeId, target.initiativeId))
    .orderBy(desc(crmDocuments.createdAt), desc(crmDocuments.id));
  return rows.map(toDocument);
}

/**
 * Adds a document: the bytes go into the store first, then the upload, the document and (on a
 * client) its timeline line in one transaction; a failure there takes the stored bytes with it.
 */
export async function createDocument(db: Db, store: BlobStore, actor: Actor, form: ReceivedForm): Promise<CrmDocument> {
  const { input, staged, mime } = checkFileForm(form, {
    schema: crmDocumentFieldsSchema,
    kinds: CRM_DOCUMENT_KINDS,
    missingFile: CRM_CLIENT_MESSAGES.chooseFile,
  });
  const target: Target = input.clientId !== undefined ? { clientId: input.clientId } : { initiativeId: input.initiativeId as number };
  const clinicId = await targetClinic(db, actor, target, true);
  const storageKey = newStorageKey();
  await store.put(storageKey, staged.tempPath, staged.size, mime);
  try {
    const id = await db.transaction(async (tx) => {
      const [upload] = await tx
        .insert(uploads)
        .values({
          kind: CRM_UPLOAD_KIND,
          mime: mime,
          size: staged.size,
          sha256: staged.sha256,
          originalName: staged.originalName,
          name: input.name,
          storageKey,
          clinicId,
          createdBy: actor.id,
        })
        .returning({ id: uploads.id });
      if (!upload) throw new Error("No upload inserted");
      const [document] = await tx
        .insert(crmDocuments)
        .values({ clinicId, ...target, name: input.name, uploadId: upload.id, createdBy: actor.id })
        .returning({ id: crmDocuments.id });
      if (!document) throw new Error("No document inserted");
      if ("clientId" in target) {
        await track(tx, [{ clinicId, clientId: target.clientId, kind: "document", summary: input.name, refId: document.id, actorId: actor.id }]);
      }
      return document.id;
    });
    const [row] = await selectDocuments(db).where(eq(crmDocuments.id, id));
    return toDocument(row as DocumentRow);
  } catch (error) {
    await store.remove(storageKey).catch(() => {});
    throw error;
  }
}

/** A document the actor may act on with `intent`, with its upload; 404 for another clinic's. */
async function documentFor(db: Db, actor: Actor, id: number, intent: Intent) {
  const [row] = await db
    .select({ document: crmDocuments, upload: uploads })
    .from(crmDocuments)
    .innerJoin(uploads, eq(uploads.id, crmDocuments.uploadId))
    .where(and(eq(crmDocuments.id, id), managedBy(actor, crmDocuments.clinicId)));
  if (!row) throw notFound();
  const { document } = row;
  const target: Target = document.clientId !== null ? { clientId: document.clientId } : { initiativeId: document.initiativeId as number };
  // An initiative's documents are its salesman's and the CRM admins' alone.
  if ("initiativeId" in target) await targetClinic(db, actor, target, false);
  else if (intent === "delete" && !isCrmAdmin(actor) && document.createdBy !== actor.id) {
    throw forbidden("Only who added the document or a CRM admin can delete it.");
  }
  return row;
}

/** The upload behind a document, for its download. */
export async function documentUpload(db: Db, actor: Actor, id: number): Promise<Upload> {
  return (await documentFor(db, actor, id, "read")).upload;
}

/** Deletes a document and its file (the row first, committed; then the bytes). */
export async function deleteDocument(db: Db, store: BlobStore, actor: Actor, id: number, log?: FastifyBaseLogger): Promise<void> {
  const { document } = await documentFor(db, actor, id, "delete");
  await db.delete(crmDocuments).where(eq(crmDocuments.id, id));
  await dropUploads(db, store, [document.uploadId], log);
}

/** Removes uploads no document holds any more, rows then bytes (a client's deletion drops its documents' files too). */
export async function dropUploads(db: Db, store: BlobStore, uploadIds: readonly string[], log?: FastifyBaseLogger): Promise<void> {
  if (uploadIds.length === 0) return;
  const gone = await db
    .delete(uploads)
    .where(
      and(
        inArray(uploads.id, [...uploadIds]),
        eq(uploads.kind, CRM_UPLOAD_KIND),
        sql`not exists (select 1 from ${crmDocuments} d where d.upload_id = ${uploads.id})`,
      ),
    )
    .returning({ storageKey: uploads.storageKey });
  for (const { storageKey } of gone) {
    await store.remove(storageKey).catch((error: unknown) => log?.error({ err: error, storageKey }, "could not remove the bytes of a deleted CRM document"));
  }
}
