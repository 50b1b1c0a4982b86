import { type AccessTable, signedIn } from "../guardrails/access-matrix.ts";

/** The realtime WebSocket: any signed-in user opens their own; a plain GET (no upgrade, as the matrix sends) answers 426. */
export const realtimeAccess: AccessTable = {
  "GET /api/realtime": { expect: signedIn(426) },
};
