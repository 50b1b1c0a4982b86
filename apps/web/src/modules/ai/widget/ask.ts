import type { AiAsk } from "@clinic/shared";
import { ApiError } from "../../../lib/api.ts";
import { streamEvents } from "../../../lib/stream-events.ts";
import { ASK_PATH } from "./api.ts";
import { type ChatAction, streamEventOf } from "./chat-state.ts";

/**
 * How an ask ended: answered (done, or an error event the conversation shows), refused before
 * any answer (a JSON error: the question was not stored and goes back to the composer), stopped
 * by the user, or interrupted (the stream broke off or sent no last event).
 */
export type AskOutcome = { kind: "answered" } | { kind: "refused"; failure: unknown } | { kind: "stopped" } | { kind: "interrupted" };

/** Asks a question (POST /api/ai/ask) and feeds its stream's events to `dispatch` as they come. */
export async function askQuestion(input: AiAsk, dispatch: (action: ChatAction) => void, signal: AbortSignal): Promise<AskOutcome> {
  dispatch({ type: "asking", text: input.question });
  let started = false;
  try {
    for await (const payload of streamEvents(ASK_PATH, input, signal)) {
      const event = streamEventOf(payload);
      if (!event) continue;
      started = true;
      dispatch({ type: "event", event });
      if (event.type === "done" || event.type === "error") return { kind: "answered" };
    }
  } catch (failure) {
    if (signal.aborted) {
      dispatch({ type: "stopped" });
      return { kind: "stopped" };
    }
    // Refused before the stream began: a 400 (the question), 404, 429 (too many questions), or no server.
    if (failure instanceof ApiError && !started) {
      dispatch({ type: "refused" });
      return { kind: "refused", failure };
    }
  }
  if (signal.aborted) {
    dispatch({ type: "stopped" });
    return { kind: "stopped" };
  }
  dispatch({ type: "interrupted" });
  return { kind: "interrupted" };
}
