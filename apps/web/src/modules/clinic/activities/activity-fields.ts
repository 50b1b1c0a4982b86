import { type ActivityType, activityMessageKey, type FileRecord } from "@clinic/shared";

/** A message of the activity schema or server in the interface language; any other as it is. */
export function activityFieldMessage(t: (key: string) => string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = activityMessageKey(message);
  return key ? t(`activities.errors.${key}`) : message;
}

/**
 * Whether a File can serve an activity of `type`, as the server checks it: a video may be a
 * link; a game's bundle and a text's document must be uploaded bytes (a PDF or an image).
 */
export function fileServes(type: ActivityType, file: Pick<FileRecord, "downloadUrl" | "mime">): boolean {
  if (type === "video") return true;
  if (file.downloadUrl === null) return false;
  return type === "game" || file.mime === "application/pdf" || (file.mime ?? "").startsWith("image/");
}
