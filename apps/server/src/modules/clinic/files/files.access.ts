import { type AccessTable, anyone, type MatrixFixtures } from "../../../guardrails/access-matrix.ts";
import { bundleEntries } from "../../../platform/bundles.table.ts";
import { newStorageKey } from "../../../platform/uploads.ts";
import { uploads } from "../../../platform/uploads.table.ts";
import { files } from "./files.table.ts";

/** A link file of the demo clinic, made for one cell. */
async function demoFile(fx: MatrixFixtures): Promise<number> {
  const [row] = await fx.db
    .insert(files)
    .values({ name: fx.unique("File"), type: "Text", link: "https://example.com/read", clinicId: fx.ids.clinic })
    .returning({ id: files.id });
  return row.id;
}

/** A Game file of the demo clinic with its index.html, rows only (the address is signed without reading bytes). */
async function demoGameFile(fx: MatrixFixtures): Promise<number> {
  const [upload] = await fx.db
    .insert(uploads)
    .values({
      kind: "game",
      mime: "application/zip",
      size: 1,
      sha256: "0".repeat(64),
      originalName: "game.zip",
      storageKey: newStorageKey(),
      clinicId: fx.ids.clinic,
    })
    .returning({ id: uploads.id });
  await fx.db
    .insert(bundleEntries)
    .values({ uploadId: upload?.id as string, path: "index.html", storageKey: newStorageKey(), mime: "text/html; charset=utf-8", size: 1 });
  const [row] = await fx.db
    .insert(files)
    .values({ name: fx.unique("Game"), type: "Game", uploadId: upload?.id, clinicId: fx.ids.clinic })
    .returning({ id: files.id });
  return row?.id as number;
}

/** Files follow activities: view_activity reads (patients see none), change_activity adds to the caller's clinic and deletes its own. */
export const filesAccess: AccessTable = {
  "GET /api/files/": {
    expect: { anonymous: 401, patient: 200, otherPatient: 200, therapist: 200, otherTherapist: 200, clinic: 200, admin: 200 },
  },
  "POST /api/files/": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 201, otherTherapist: 201, clinic: 201, admin: 201 },
    request: (fx) => ({
      multipart: [
        { name: "name", value: fx.unique("Link") },
        { name: "type", value: "Text" },
        { name: "link", value: "https://example.com/matrix" },
      ],
    }),
  },
  "DELETE /api/file/:id": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 204, otherTherapist: 403, clinic: 204, admin: 204 },
    request: async (fx) => ({ params: { id: await demoFile(fx) } }),
  },
  // Staff of the file's clinic and admins; a patient only when an active assignment plays it (none here).
  "GET /api/files/:id/bundle": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 403, clinic: 200, admin: 200 },
    request: async (fx) => ({ params: { id: await demoGameFile(fx) } }),
  },
  // The signed address is the right to read (a sandboxed frame sends no cookie): a forged one is not there, for everyone.
  "GET /bundles/:capability/*": {
    expect: anyone(404),
    request: () => ({ path: "/bundles/1.someone.9999999999.p.AAAAAAAAAAAAAAAAAAAAAA/index.html" }),
  },
};
