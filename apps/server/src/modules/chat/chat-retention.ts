import { sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import type { BlobStore } from "../../platform/uploads.ts";
import { CHAT_RETENTION_QUEUE } from "./chat-scope.ts";

/**
 * Retention of a deleted patient's conversations (issue 41, CHAT_RETENTION_DAYS). Deleting a
 * patient marks their conversations (the trigger of migration 0047 sets patient_deleted_at and
 * keeps their name as the contact's), so the clinic keeps the record for a while; once the days
 * have passed, a daily sweep deletes each conversation with its messages, reads and the uploads
 * of its attachments (rows and bytes). It runs whether the module is switched on or not: a
 * switched-off module must not keep a deleted patient's messages past their time.
 */

const RETENTION_CRON = "40 3 * * *";
/** Conversations per transaction: a large backlog goes in short steps, never one long lock. */
const BATCH = 200;

export interface ChatRetentionDeps {
  db: Db;
  store: BlobStore;
  /** 0: every marked conversation goes at the next sweep. */
  retentionDays: number;
  log?: FastifyBaseLogger;
}

/**
 * One sweep: deletes the conversations marked longer than the retention ago, and the uploads of
 * their messages that nothing else names. The rows go in one transaction per batch; the bytes
 * are removed after it commits (a rollback never leaves a row without its bytes). Answers the
 * ids of the conversations it deleted.
 */
export async function purgeDeletedPatientsChats(deps: ChatRetentionDeps): Promise<number[]> {
  const purged: number[] = [];
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      // SKIP LOCKED: two nodes sweeping at once share the work instead of waiting on each other.
      const due = await tx.execute<{ id: number }>(sql`
        select id from chat_conversations
          where patient_deleted_at is not null and patient_deleted_at <= now() - make_interval(days => ${deps.retentionDays})
          order by id limit ${BATCH} for update skip locked`);
      const ids = due.rows.map((row) => Number(row.id));
      if (ids.length === 0) return { ids, keys: [] as string[] };
      const idList = sql.param(ids);
      // Their attachments, unless a message of a conversation that stays names the same upload.
      const uploads = await tx.execute<{ id: string; storage_key: string }>(sql`
        select distinct u.id, u.storage_key from chat_messages m join uploads u on u.id = m.upload_id
          where m.conversation_id = any(${idList}::int[])
            and not exists (select 1 from chat_messages o where o.upload_id = u.id and not (o.conversation_id = any(${idList}::int[])))`);
      // Messages and reads go with their conversation (on delete cascade).
      await tx.execute(sql`delete from chat_conversations where id = any(${idList}::int[])`);
      const uploadIds = uploads.rows.map((row) => row.id);
      if (uploadIds.length > 0) await tx.execute(sql`delete from uploads where id = any(${sql.param(uploadIds)}::uuid[])`);
      return { ids, keys: uploads.rows.map((row) => row.storage_key) };
    });
    if (batch.ids.length === 0) break;
    for (const key of batch.keys) {
      // Bytes left behind are only disk space: the row naming them is gone, so nothing serves them.
      await deps.store.remove(key).catch((error: unknown) => deps.log?.warn({ err: error, key }, "a purged chat attachment's bytes could not be removed"));
    }
    purged.push(...batch.ids);
    if (batch.ids.length < BATCH) break;
  }
  if (purged.length > 0) deps.log?.info({ conversations: purged.length }, "purged the conversations of deleted patients");
  return purged;
}

export function registerChatRetention(deps: ChatRetentionDeps & { jobs: JobQueue }): void {
  deps.jobs.handle(CHAT_RETENTION_QUEUE, async () => {
    await purgeDeletedPatientsChats(deps);
  });
  deps.jobs.every(CHAT_RETENTION_QUEUE, RETENTION_CRON);
}

/** The sweep on the app's database, store and settings (chat.routes.ts registers it once). */
export function registerChatRetentionOf(app: FastifyInstance): void {
  registerChatRetention({ db: app.db, jobs: app.jobs, store: app.uploads, retentionDays: app.config.chatRetentionDays, log: app.log });
}
