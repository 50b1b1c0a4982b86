import type { AccessTable, MatrixFixtures } from "../../../guardrails/access-matrix.ts";
import { files } from "./files.table.ts";

/** A link file of the demo clinic, made for one cell. */
async function demoFile(fx: MatrixFixtures): Promise<number> {
  const [row] = await fx.db
    .insert(files)
    .values({ name: fx.unique("File"), type: "Text", link: "https://example.com/read", clinicId: fx.ids.clinic })
    .returning({ id: files.id });
  return row.id;
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
};
