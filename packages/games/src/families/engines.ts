/** Each family's playing side, browser only. One line per family. */
import type { Family, FamilyEngine } from "../runtime/types.ts";
import { activatorEngine } from "./activator/engine.ts";
import { equalizerEngine } from "./equalizer/engine.ts";
import { evaluatorEngine } from "./evaluator/engine.ts";
import { modulatorEngine } from "./modulator/engine.ts";
import { reactorEngine } from "./reactor/engine.ts";
import { reflectorEngine } from "./reflector/engine.ts";
import { regulatorEngine } from "./regulator/engine.ts";
import { optimizerEngine } from "./optimizer/engine.ts";
import { optimizerVrEngine } from "./optimizer-vr/engine.ts";

export const FAMILY_ENGINES: Partial<Record<Family, FamilyEngine>> = {
  activator: activatorEngine,
  equalizer: equalizerEngine,
  evaluator: evaluatorEngine,
  modulator: modulatorEngine,
  optimizer: optimizerEngine,
  "optimizer-vr": optimizerVrEngine,
  reactor: reactorEngine,
  reflector: reflectorEngine,
  regulator: regulatorEngine,
};
