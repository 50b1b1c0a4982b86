import type { AccessTable, MatrixFixtures } from "../guardrails/access-matrix.ts";
import { TEST_PUBLIC_URL } from "../../test/app.ts";
import { imageForm, multipart } from "../../test/uploads.ts";

/** An image the demo clinic uploaded to its catalogue, attached to nothing, made for one cell. */
async function demoClinicUpload(fx: MatrixFixtures): Promise<string> {
  const { payload, contentType } = multipart(imageForm(fx.unique("Picture")));
  const response = await fx.inject({
    method: "POST",
    url: "/api/uploads/",
    headers: { cookie: fx.cookieOf("clinic"), origin: TEST_PUBLIC_URL, "content-type": contentType },
    payload,
  });
  if (response.statusCode !== 201) throw new Error(`Upload fixture: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

/** Catalogue editors upload and browse images; a download passes its own check (the demo clinic's staff, admins). */
export const uploadsAccess: AccessTable = {
  "POST /api/uploads/": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 201, otherTherapist: 201, clinic: 201, admin: 201 },
    request: (fx) => ({ multipart: imageForm(fx.unique("Picture")) }),
  },
  "GET /api/uploads/": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 200, clinic: 200, admin: 200 },
  },
  "GET /api/uploads/:id": {
    // Patients download only what is attached to rows assigned to them; this image is attached to nothing.
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 403, clinic: 200, admin: 200 },
    request: async (fx) => ({ params: { id: await demoClinicUpload(fx) } }),
  },
};
