import { GROUP } from "@clinic/shared";
import type { AccessTable, MatrixFixtures } from "../../guardrails/access-matrix.ts";
import { adminOnly } from "../../guardrails/access-matrix.ts";

/** A custom group of the cell's own (no permissions, no members), so a change in one cell touches no other. */
async function ownGroup(fx: MatrixFixtures): Promise<number> {
  const group = await fx.api<{ id: number }>("admin", "POST", "/api/groups/", { name: uniqueName(fx) });
  return group.id;
}

const uniqueName = (fx: MatrixFixtures) => ({ en: fx.unique("Matrix group"), es: fx.unique("Grupo de la matriz") });

/** Its own custom group holding the demo patient2, for the removal cell. */
async function groupWithMember(fx: MatrixFixtures): Promise<{ id: number; userId: string }> {
  const id = await ownGroup(fx);
  await fx.api("admin", "POST", `/api/groups/${id}/members`, { userId: fx.ids.patient2 });
  return { id, userId: fx.ids.patient2 };
}

export const groupsAccess: AccessTable = {
  "GET /api/groups/": { expect: adminOnly(200) },
  "POST /api/groups/": { expect: adminOnly(201), request: (fx) => ({ body: { name: uniqueName(fx) } }) },
  "PUT /api/groups/:id": {
    expect: adminOnly(200),
    request: async (fx) => ({ params: { id: await ownGroup(fx) }, body: { name: uniqueName(fx) } }),
  },
  "DELETE /api/groups/:id": { expect: adminOnly(204), request: async (fx) => ({ params: { id: await ownGroup(fx) } }) },
  "PUT /api/groups/:id/permissions": {
    expect: adminOnly(200),
    request: async (fx) => ({ params: { id: await ownGroup(fx) }, body: { permissions: ["view_activity"] } }),
  },
  "GET /api/groups/:id/members": { expect: adminOnly(200), request: () => ({ params: { id: GROUP.therapist } }) },
  "POST /api/groups/:id/members": {
    expect: adminOnly(201),
    request: async (fx) => ({ params: { id: await ownGroup(fx) }, body: { userId: fx.ids.patient2 } }),
  },
  "DELETE /api/groups/:id/members/:userId": {
    expect: adminOnly(204),
    request: async (fx) => {
      const { id, userId } = await groupWithMember(fx);
      return { params: { id, userId } };
    },
  },
};
