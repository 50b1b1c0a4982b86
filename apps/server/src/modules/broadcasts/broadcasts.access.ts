import type { AccessTable, MatrixFixtures } from "../../guardrails/access-matrix.ts";
import { adminOnly, signedIn } from "../../guardrails/access-matrix.ts";

/** A banner for everyone, active for the next hour, made the way admins do. */
const body = (fx: MatrixFixtures) => ({
  messageEn: `<p>${fx.unique("Maintenance tonight")}</p>`,
  messageEs: "",
  severity: "info",
  roles: [],
  clinics: [],
  startsAt: new Date(Date.now() - 60_000).toISOString(),
  endsAt: new Date(Date.now() + 3_600_000).toISOString(),
  dismissible: true,
});
const banner = async (fx: MatrixFixtures) => (await fx.api<{ id: number }>("admin", "POST", "/api/broadcasts/", body(fx))).id;

/** The global messages app: admins write banners; every signed-in user reads and dismisses the ones for them. */
export const broadcastsAccess: AccessTable = {
  "GET /api/broadcasts/": { expect: adminOnly(200) },
  "POST /api/broadcasts/": { expect: adminOnly(201), request: (fx) => ({ body: body(fx) }) },
  "PUT /api/broadcasts/:id": { expect: adminOnly(200), request: async (fx) => ({ params: { id: await banner(fx) }, body: body(fx) }) },
  "DELETE /api/broadcasts/:id": { expect: adminOnly(204), request: async (fx) => ({ params: { id: await banner(fx) } }) },
  "GET /api/broadcasts/active": { expect: signedIn(200) },
  "POST /api/broadcasts/:id/dismiss": { expect: signedIn(204), request: async (fx) => ({ params: { id: await banner(fx) } }) },
};
