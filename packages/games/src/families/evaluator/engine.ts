/**
 * Evaluator, the playing side: each build is one assessment with a fixed protocol, played by
 * its own engine (reaction.ts, vertical.ts, acuity.ts, span.ts).
 */
import type { FamilyEngine, GameContext, GameEngine } from "../../runtime/types.ts";
import { AcuityGame } from "./acuity.ts";
import type { AcuityParams, EvaluatorParams, ReactionTimeParams, SpanParams, VerticalParams } from "./metrics.ts";
import { ReactionTimeGame } from "./reaction.ts";
import { SpanGame } from "./span.ts";
import { VerticalGame } from "./vertical.ts";

function create(context: GameContext<EvaluatorParams>): GameEngine {
  const { params } = context.build;
  switch (params.test) {
    case "reaction-time":
      return new ReactionTimeGame(context as GameContext<ReactionTimeParams>);
    case "vertical":
      return new VerticalGame(context as GameContext<VerticalParams>);
    case "acuity":
      return new AcuityGame(context as GameContext<AcuityParams>);
    case "span":
      return new SpanGame(context as GameContext<SpanParams>);
  }
}

export const evaluatorEngine: FamilyEngine<EvaluatorParams> = {
  family: "evaluator",
  create,
};
