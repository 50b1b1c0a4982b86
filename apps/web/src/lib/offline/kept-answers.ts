import { deviceDb, deviceOwner, type KeptAnswer } from "./device-db.ts";

/**
 * The patient's last answers of the API, kept on the device so their screens open offline
 * (issue 43). Only a patient's own reads are kept (the app keeps nothing of staff screens), under
 * their user id, at most MAX_KEPT of them: the oldest go first.
 */
export const MAX_KEPT = 400;

export async function keepAnswer(owner: string, path: string, data: unknown): Promise<void> {
  const db = await deviceDb();
  const tx = db.transaction(["meta", "answers"], "readwrite");
  // Signed out, or another user signed in, while the answer travelled: not theirs to keep.
  const current = await tx.objectStore("meta").get("owner");
  if (current?.value === owner) {
    await tx.objectStore("answers").put({ key: `${owner} ${path}`, owner, path, data, syncedAt: new Date().toISOString() });
  }
  await tx.done;
}

/** The kept answer of `path` for the device's owner, or null. */
export async function keptAnswer(owner: string, path: string): Promise<KeptAnswer | null> {
  if ((await deviceOwner()) !== owner) return null;
  return (await (await deviceDb()).get("answers", `${owner} ${path}`)) ?? null;
}

/** Drops the oldest answers past MAX_KEPT (run now and then, not on every write). */
export async function trimAnswers(owner: string): Promise<void> {
  const db = await deviceDb();
  const all = await db.getAllFromIndex("answers", "owner", owner);
  if (all.length <= MAX_KEPT) return;
  const oldest = all.sort((a, b) => a.syncedAt.localeCompare(b.syncedAt)).slice(0, all.length - MAX_KEPT);
  const tx = db.transaction("answers", "readwrite");
  await Promise.all([...oldest.map((answer) => tx.store.delete(answer.key)), tx.done]);
}
