import {
  AI_ANSWER_MODES,
  AI_LIMITS,
  AI_MESSAGES,
  type AiAnswerMode,
  type AiConversation,
  type AiMessage,
  type AiMessageKey,
  type AiSource,
  type AiStreamEvent,
  aiMessageSchema,
  aiSourceSchema,
} from "@clinic/shared";

/**
 * What the widget shows of one conversation, and how an answer's stream changes it. Pure, so the
 * tests drive it without a browser: the panel keeps it in a reducer, ask.ts feeds it the events.
 */

/** A failure the client tells itself: the stream ended without its last event (a cut connection, garbage). */
export const INTERRUPTED = "interrupted";

export type ChatEntry =
  /** A stored message, the user's or the assistant's. */
  | { kind: "message"; key: string; message: AiMessage }
  /** The question just sent, before the server has stored it. */
  | { kind: "pending"; key: string; text: string }
  /** The answer being written: its text so far. `stopped`: the user stopped it or the stream broke off. */
  | { kind: "live"; key: string; content: string; sources: AiSource[]; mode: AiAnswerMode | null; stopped: boolean }
  /** Why no answer came: a key of AI_MESSAGES, or INTERRUPTED. */
  | { kind: "failure"; key: string; code: string };

export interface ChatState {
  /** null: a new conversation, which the first question opens. */
  conversationId: number | null;
  entries: ChatEntry[];
  /** A question is on its way or being answered. */
  streaming: boolean;
  /** Numbers the entries that have no id of their own yet. */
  counter: number;
}

export type ChatAction =
  | { type: "load"; conversation: AiConversation }
  | { type: "reset" }
  | { type: "asking"; text: string }
  | { type: "event"; event: AiStreamEvent }
  /** The server refused the question before answering (JSON error): it was never stored. */
  | { type: "refused" }
  | { type: "stopped" }
  | { type: "interrupted" }
  | { type: "message"; message: AiMessage };

export const EMPTY_CHAT: ChatState = { conversationId: null, entries: [], streaming: false, counter: 0 };

const stored = (message: AiMessage): ChatEntry => ({ kind: "message", key: `m${message.id}`, message });
const isLive = (entry: ChatEntry) => entry.kind === "live" && !entry.stopped;

/** The state with the answer being written replaced (or, with none, the entries added at the end). */
function replaceLive(state: ChatState, replacement: ChatEntry[]): ChatEntry[] {
  const index = state.entries.findIndex(isLive);
  if (index < 0) return [...state.entries, ...replacement];
  return [...state.entries.slice(0, index), ...replacement, ...state.entries.slice(index + 1)];
}

function updateLive(state: ChatState, change: (entry: Extract<ChatEntry, { kind: "live" }>) => ChatEntry): ChatState {
  return { ...state, entries: state.entries.map((entry) => (entry.kind === "live" && !entry.stopped ? change(entry) : entry)) };
}

/** A stream's end without an answer: the text written so far stays, marked as cut, and the question the server never stored stays as typed. */
function endLive(state: ChatState): ChatEntry[] {
  return state.entries.flatMap((entry): ChatEntry[] => {
    if (entry.kind !== "live" || entry.stopped) return [entry];
    return entry.content === "" ? [] : [{ ...entry, stopped: true }];
  });
}

function applyEvent(state: ChatState, event: AiStreamEvent): ChatState {
  switch (event.type) {
    case "start": {
      // The question just asked: the last one still pending (one stopped before the server answered stays as typed).
      const pending = state.entries.map((entry) => entry.kind).lastIndexOf("pending");
      const question = stored(event.question);
      const live: ChatEntry = { kind: "live", key: `live${state.counter}`, content: "", sources: [], mode: event.mode, stopped: false };
      const entries =
        pending < 0 ? [...state.entries, question, live] : [...state.entries.slice(0, pending), question, live, ...state.entries.slice(pending + 1)];
      return { ...state, conversationId: event.conversationId, entries, counter: state.counter + 1 };
    }
    case "sources":
      return updateLive(state, (entry) => ({ ...entry, sources: event.sources }));
    case "delta":
      // The server cuts an answer at AI_LIMITS.answer; a stream that goes on past it is not read.
      return updateLive(state, (entry) => ({ ...entry, content: `${entry.content}${event.text}`.slice(0, AI_LIMITS.answer) }));
    case "done":
      return { ...state, streaming: false, entries: replaceLive(state, [stored(event.answer)]) };
    case "error": {
      const answer = event.answer;
      // A stored answer with text (cut by a timeout) stays, the error under it; otherwise the error, after what was written so far.
      const entries =
        answer && answer.content !== ""
          ? replaceLive(state, [stored({ ...answer, mode: "failed", notice: event.code })])
          : [...endLive(state), { kind: "failure" as const, key: `f${state.counter}`, code: event.code }];
      return { ...state, streaming: false, counter: state.counter + 1, entries };
    }
  }
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "load":
      return { ...EMPTY_CHAT, conversationId: action.conversation.id, entries: action.conversation.messages.map(stored), counter: state.counter };
    case "reset":
      return { ...EMPTY_CHAT, counter: state.counter };
    case "asking":
      return {
        ...state,
        streaming: true,
        counter: state.counter + 1,
        entries: [...state.entries, { kind: "pending", key: `p${state.counter}`, text: action.text }],
      };
    case "event":
      return applyEvent(state, action.event);
    case "refused": {
      // The question refused goes back to the composer; one stopped earlier stays.
      const pending = state.entries.map((entry) => entry.kind).lastIndexOf("pending");
      return { ...state, streaming: false, entries: state.entries.filter((_, index) => index !== pending) };
    }
    case "stopped":
      return { ...state, streaming: false, entries: endLive(state) };
    case "interrupted":
      return {
        ...state,
        streaming: false,
        counter: state.counter + 1,
        entries: [...endLive(state), { kind: "failure", key: `f${state.counter}`, code: INTERRUPTED }],
      };
    case "message":
      return {
        ...state,
        entries: state.entries.map((entry) => (entry.kind === "message" && entry.message.id === action.message.id ? stored(action.message) : entry)),
      };
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/**
 * A payload of the stream as one of its events, or null when it is not one: the stream is the
 * server's, but what reaches the screen is checked (a proxy's page, a half-written line).
 */
export function streamEventOf(value: unknown): AiStreamEvent | null {
  if (!isObject(value)) return null;
  switch (value.type) {
    case "start": {
      const question = aiMessageSchema.safeParse(value.question);
      if (typeof value.conversationId !== "number" || !question.success) return null;
      const mode = (AI_ANSWER_MODES as readonly unknown[]).includes(value.mode) ? (value.mode as AiAnswerMode) : "model";
      return { type: "start", conversationId: value.conversationId, question: question.data, mode };
    }
    case "sources": {
      if (!Array.isArray(value.sources)) return null;
      const sources = value.sources.flatMap((source) => {
        const parsed = aiSourceSchema.safeParse(source);
        return parsed.success ? [parsed.data] : [];
      });
      return { type: "sources", sources };
    }
    case "delta":
      return typeof value.text === "string" ? { type: "delta", text: value.text } : null;
    case "done": {
      const answer = aiMessageSchema.safeParse(value.answer);
      return answer.success ? { type: "done", answer: answer.data } : null;
    }
    case "error": {
      const answer = aiMessageSchema.safeParse(value.answer);
      const code = typeof value.code === "string" && Object.hasOwn(AI_MESSAGES, value.code) ? (value.code as AiMessageKey) : "providerError";
      return { type: "error", code, message: typeof value.message === "string" ? value.message : "", answer: answer.success ? answer.data : null };
    }
    default:
      return null;
  }
}
