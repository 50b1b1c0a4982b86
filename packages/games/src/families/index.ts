/** Each family's pure side (params, metrics, checks), server-safe. One line per family. */
import type { Family, FamilyMetrics } from "../runtime/types.ts";
import { activatorMetrics } from "./activator/metrics.ts";
import { equalizerMetrics } from "./equalizer/metrics.ts";
import { evaluatorMetrics } from "./evaluator/metrics.ts";
import { modulatorMetrics } from "./modulator/metrics.ts";
import { reactorMetrics } from "./reactor/metrics.ts";
import { reflectorMetrics } from "./reflector/metrics.ts";
import { regulatorMetrics } from "./regulator/metrics.ts";
import { optimizerMetrics } from "./optimizer/metrics.ts";
import { optimizerVrMetrics } from "./optimizer-vr/metrics.ts";

export const FAMILY_METRICS: Partial<Record<Family, FamilyMetrics>> = {
  activator: activatorMetrics,
  equalizer: equalizerMetrics,
  evaluator: evaluatorMetrics,
  modulator: modulatorMetrics,
  optimizer: optimizerMetrics,
  "optimizer-vr": optimizerVrMetrics,
  reactor: reactorMetrics,
  reflector: reflectorMetrics,
  regulator: regulatorMetrics,
};
