import {
  AI_ANSWER_MODES,
  AI_MESSAGES,
  type AiAnswerMode,
  type AiConsoleInput,
  type AiMessage,
  type AiSource,
  aiMessageSchema,
  aiSourceSchema,
} from "@clinic/shared";
import { ApiError } from "../../../lib/api.ts";
import { streamEvents } from "../../../lib/stream-events.ts";
import { CONSOLE_PATH } from "./api.ts";

/**
 * The test console's answer: the same event stream as the widget's (AiStreamEvent), read
 * leniently, since nothing is stored: the console's stream may carry no `start` (no conversation,
 * no stored question) and its answer has no id of its own. Pure, so tests drive it without a browser.
 */
export interface ConsoleAnswer {
  /** asking: sent, nothing back yet; writing: the answer is coming; then how it ended. */
  status: "idle" | "asking" | "writing" | "done" | "stopped" | "interrupted";
  question: string;
  content: string;
  mode: AiAnswerMode | null;
  sources: AiSource[];
  /** A key of AI_MESSAGES: why it failed, or that it was cut. */
  notice: string | null;
}

export const IDLE_CONSOLE: ConsoleAnswer = { status: "idle", question: "", content: "", mode: null, sources: [], notice: null };

export type ConsoleAction =
  | { type: "ask"; question: string }
  | { type: "event"; payload: unknown }
  | { type: "stopped" }
  | { type: "interrupted" }
  | { type: "refused" };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const modeOf = (value: unknown): AiAnswerMode | null => ((AI_ANSWER_MODES as readonly unknown[]).includes(value) ? (value as AiAnswerMode) : null);
const messageOf = (value: unknown): AiMessage | null => {
  const parsed = aiMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};
const sourcesOf = (value: unknown): AiSource[] =>
  Array.isArray(value)
    ? value.flatMap((source) => {
        const parsed = aiSourceSchema.safeParse(source);
        return parsed.success ? [parsed.data] : [];
      })
    : [];

/** The answer once `answer` (a done or error event's) is in: its text, mode, sources and notice replace what was streamed. */
function finished(state: ConsoleAnswer, answer: AiMessage): ConsoleAnswer {
  return {
    ...state,
    status: "done",
    content: answer.content,
    mode: answer.mode ?? state.mode,
    sources: answer.sources.length > 0 ? answer.sources : state.sources,
    notice: answer.notice,
  };
}

export function consoleReducer(state: ConsoleAnswer, action: ConsoleAction): ConsoleAnswer {
  switch (action.type) {
    case "ask":
      return { ...IDLE_CONSOLE, status: "asking", question: action.question };
    case "stopped":
      return state.status === "asking" || state.status === "writing" ? { ...state, status: "stopped" } : state;
    case "interrupted":
      return state.status === "asking" || state.status === "writing" ? { ...state, status: "interrupted" } : state;
    case "refused":
      return { ...IDLE_CONSOLE, question: state.question };
    case "event": {
      const event = action.payload;
      if (!isObject(event) || (state.status !== "asking" && state.status !== "writing")) return state;
      switch (event.type) {
        case "start":
          return { ...state, status: "writing", mode: modeOf(event.mode) ?? state.mode };
        case "sources":
          return { ...state, status: "writing", sources: sourcesOf(event.sources) };
        case "delta":
          return typeof event.text === "string" ? { ...state, status: "writing", mode: state.mode ?? "model", content: state.content + event.text } : state;
        case "done": {
          const answer = messageOf(event.answer);
          return answer ? finished(state, answer) : { ...state, status: "done" };
        }
        case "error": {
          const code = typeof event.code === "string" && Object.hasOwn(AI_MESSAGES, event.code) ? event.code : "providerError";
          const answer = messageOf(event.answer);
          if (answer) return { ...finished(state, answer), mode: answer.mode ?? "failed", notice: answer.notice ?? code };
          return { ...state, status: "done", mode: "failed", notice: code };
        }
        default:
          return state;
      }
    }
  }
}

/** How a console question ended: answered (or stopped, or cut: the reducer says), or refused before any answer (400, 404, 429, no server). */
export type ConsoleOutcome = { kind: "answered" } | { kind: "refused"; failure: unknown };

/** Asks the console (POST /api/ai/console) and feeds its stream's events to `dispatch` as they come. */
export async function askConsole(input: AiConsoleInput, dispatch: (action: ConsoleAction) => void, signal: AbortSignal): Promise<ConsoleOutcome> {
  dispatch({ type: "ask", question: input.question });
  let started = false;
  try {
    for await (const payload of streamEvents(CONSOLE_PATH, input, signal)) {
      started = true;
      dispatch({ type: "event", payload });
      if (isObject(payload) && (payload.type === "done" || payload.type === "error")) return { kind: "answered" };
    }
  } catch (failure) {
    if (!signal.aborted && failure instanceof ApiError && !started) {
      dispatch({ type: "refused" });
      return { kind: "refused", failure };
    }
  }
  dispatch({ type: signal.aborted ? "stopped" : "interrupted" });
  return { kind: "answered" };
}
