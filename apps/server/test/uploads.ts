import type { TestApp } from "./app.ts";
import { TEST_PUBLIC_URL } from "./app.ts";

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f3b2c20000000049454e44ae426082",
  "hex",
);

export type FormPart = { name: string; value: string | Buffer; filename?: string; type?: string };

/** A multipart/form-data body, as a browser's FormData would send it. */
export function multipart(parts: FormPart[]) {
  const boundary = "----clinic-test-boundary";
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ""}`;
    const headers = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`;
    chunks.push(Buffer.from(headers), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** `POST /api/uploads/` (the editor's image upload) with these form parts. */
export function postUpload(t: TestApp, cookie: string, parts: FormPart[]) {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({ method: "POST", url: "/api/uploads/", headers: { cookie, origin: TEST_PUBLIC_URL, "content-type": contentType }, payload });
}

/** The form of one image upload: `nombre` (omitted when undefined), archivo_tipo=image, and a PNG named `filename`. */
export function imageForm(nombre: string | undefined, filename = "picture.png"): FormPart[] {
  return [
    ...(nombre === undefined ? [] : [{ name: "nombre", value: nombre }]),
    { name: "archivo_tipo", value: "image" },
    { name: "archivo", value: PNG, filename, type: "image/png" },
  ];
}
