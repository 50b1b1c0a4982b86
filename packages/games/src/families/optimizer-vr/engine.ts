/**
 * Optimizer VR, the playing side: the game (game.ts, pure) with its three.js scenes (scene.ts),
 * which `mountGame` attaches in the browser. Browser only: `families/engines.ts` imports this,
 * `families/index.ts` only metrics.ts, so three.js never reaches the server-safe entry.
 */
import type { FamilyEngine } from "../../runtime/types.ts";
import { VrGame } from "./game.ts";
import type { OptimizerVrParams } from "./metrics.ts";
import { createThreeRenderer } from "./scene.ts";

export const optimizerVrEngine: FamilyEngine<OptimizerVrParams> = {
  family: "optimizer-vr",
  create: (context) => new VrGame(context, (host) => createThreeRenderer(host, context.build)),
};
