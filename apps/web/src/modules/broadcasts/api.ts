import { BROADCAST_MESSAGES, type Broadcast, type BroadcastInput, FORBIDDEN_MARKUP_MESSAGE } from "@clinic/shared";
import { del, post, put } from "../../lib/api.ts";
import { registerRefusals } from "../../lib/refusals.ts";

export const BROADCASTS_KEY = "broadcasts";
export const BROADCASTS_PATH = "/api/broadcasts/";
// The shell's banners have their calls in active.ts, without this module's schema messages.

export const createBroadcast = (input: BroadcastInput) => post<Broadcast>(BROADCASTS_PATH, input);
export const updateBroadcast = (id: number, input: BroadcastInput) => put<Broadcast>(`${BROADCASTS_PATH}${id}`, input);
export const deleteBroadcast = (id: number) => del<void>(`${BROADCASTS_PATH}${id}`);

const MESSAGE_KEYS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(BROADCAST_MESSAGES).map(([key, text]) => [text, key])),
  [FORBIDDEN_MARKUP_MESSAGE]: "forbiddenMarkup",
};

/** A message of the broadcast schema or server in the interface language; any other as it is. */
export function broadcastFieldMessage(t: (key: string) => string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = MESSAGE_KEYS[message];
  return key ? t(`broadcasts.errors.${key}`) : message;
}

registerRefusals((t, message) => broadcastFieldMessage(t, message) ?? message);
