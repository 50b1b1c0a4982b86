/**
 * Every game build, from each family's `builds.ts`. A new family adds one import and one
 * spread here (and one line each in families/index.ts and families/engines.ts).
 */
import { activatorBuilds } from "./families/activator/builds.ts";
import { equalizerBuilds } from "./families/equalizer/builds.ts";
import { evaluatorBuilds } from "./families/evaluator/builds.ts";
import { modulatorBuilds } from "./families/modulator/builds.ts";
import { reactorBuilds } from "./families/reactor/builds.ts";
import { reflectorBuilds } from "./families/reflector/builds.ts";
import { regulatorBuilds } from "./families/regulator/builds.ts";
import { optimizerBuilds } from "./families/optimizer/builds.ts";
import { optimizerVrBuilds } from "./families/optimizer-vr/builds.ts";
import type { BuildDefinition } from "./runtime/types.ts";

export const CATALOGUE: readonly BuildDefinition[] = Object.freeze([
  ...activatorBuilds,
  ...equalizerBuilds,
  ...evaluatorBuilds,
  ...modulatorBuilds,
  ...optimizerBuilds,
  ...optimizerVrBuilds,
  ...reactorBuilds,
  ...reflectorBuilds,
  ...regulatorBuilds,
]);

const byId = new Map(CATALOGUE.map((build) => [build.id, build]));

/** The build an activity's gameBuildId names, or undefined. */
export function buildById(id: string): BuildDefinition | undefined {
  return byId.get(id);
}
