import { deviceDb, deviceOwner, type KeptFile } from "./device-db.ts";

/**
 * Files kept on the device (issue 43): the PDF documents of assigned activities, kept with them,
 * and uploaded videos the patient downloads on request. Videos count against VIDEO_BUDGET, which
 * the patient sees and can clear; a video that would pass it is refused before it downloads.
 */
export const VIDEO_BUDGET = 500 * 1024 * 1024;

export class BudgetExceededError extends Error {
  constructor(
    readonly needed: number,
    readonly free: number,
  ) {
    super("The video does not fit in the space kept for videos on this device.");
  }
}

export interface DeviceUsage {
  documents: number;
  videos: number;
  videoCount: number;
  budget: number;
}

export async function keptFile(owner: string, url: string): Promise<KeptFile | null> {
  if ((await deviceOwner()) !== owner) return null;
  return (await (await deviceDb()).get("files", `${owner} ${url}`)) ?? null;
}

export async function deviceUsage(owner: string): Promise<DeviceUsage> {
  const files = await (await deviceDb()).getAllFromIndex("files", "owner", owner);
  const videos = files.filter((file) => file.kind === "video");
  const sum = (list: KeptFile[]) => list.reduce((total, file) => total + file.size, 0);
  return { documents: sum(files.filter((file) => file.kind === "document")), videos: sum(videos), videoCount: videos.length, budget: VIDEO_BUDGET };
}

/**
 * Downloads `url` and keeps it for `owner`. A video past the budget is refused (BudgetExceededError)
 * before its body is read, from the size the server announces; a full device storage fails the
 * write (QuotaExceededError) and what was kept before stays.
 */
export async function keepFile(owner: string, url: string, name: string, kind: KeptFile["kind"], fetcher: typeof fetch = fetch): Promise<KeptFile> {
  const response = await fetcher(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  if (kind === "video") {
    const usage = await deviceUsage(owner);
    const announced = Number(response.headers.get("content-length") ?? 0);
    const free = usage.budget - usage.videos;
    if (announced > free) {
      await response.body?.cancel();
      throw new BudgetExceededError(announced, free);
    }
  }
  const blob = await response.blob();
  const file: KeptFile = { key: `${owner} ${url}`, owner, url, name, blob, size: blob.size, kind, savedAt: new Date().toISOString() };
  if (kind === "video") {
    const usage = await deviceUsage(owner);
    if (usage.videos + blob.size > usage.budget) throw new BudgetExceededError(blob.size, usage.budget - usage.videos);
  }
  const db = await deviceDb();
  const tx = db.transaction(["meta", "files"], "readwrite");
  if ((await tx.objectStore("meta").get("owner"))?.value === owner) await tx.objectStore("files").put(file);
  await tx.done;
  return file;
}

export async function forgetFile(owner: string, url: string): Promise<void> {
  await (await deviceDb()).delete("files", `${owner} ${url}`);
}

/** Clears the downloaded videos (documents stay: they come back with the next sync anyway). */
export async function clearVideos(owner: string): Promise<void> {
  const db = await deviceDb();
  const videos = (await db.getAllFromIndex("files", "owner", owner)).filter((file) => file.kind === "video");
  const tx = db.transaction("files", "readwrite");
  await Promise.all([...videos.map((file) => tx.store.delete(file.key)), tx.done]);
}
