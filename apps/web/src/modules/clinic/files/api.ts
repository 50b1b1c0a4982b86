import type { FileRecord } from "@clinic/shared";
import { del, upload } from "../../../lib/api.ts";

export const FILES_KEY = "files";

export interface NewFile {
  name: string;
  type: string;
  file: File | null;
  link: string;
}

/** Spec §7: `POST /api/files/` as multipart, the text fields first so the server knows the type before the bytes. */
export function createFile(input: NewFile, onProgress?: (fraction: number) => void): Promise<FileRecord> {
  const form = new FormData();
  form.append("name", input.name);
  form.append("type", input.type);
  if (input.file) form.append("file", input.file, input.file.name);
  else if (input.link.trim()) form.append("link", input.link.trim());
  return upload<FileRecord>("/api/files/", form, onProgress);
}

export const deleteFile = (id: number) => del<null>(`/api/file/${id}`);
