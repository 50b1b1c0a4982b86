import { CHAT_MESSAGES, type ChatConversation, DATE_FORMAT } from "@clinic/shared";
import dayjs from "dayjs";
import type { TFunction } from "i18next";
import { registerRefusals } from "../../lib/refusals.ts";

/**
 * The chat's refusals (CHAT_MESSAGES) in the interface language, by key; any other text as it
 * came. A message with a value in it ("This template needs {count} values.") is matched by its
 * pattern and the value carried over.
 */
export function chatText(t: TFunction, message: string): string {
  for (const [key, text] of Object.entries(CHAT_MESSAGES)) {
    if (text === message) return t(`chat.messages.${key}`);
    const slot = /\{(\w+)\}/.exec(text);
    if (!slot) continue;
    const [before, after] = text.split(slot[0]) as [string, string];
    if (message.startsWith(before) && message.endsWith(after) && message.length > before.length + after.length) {
      return t(`chat.messages.${key}`, { [slot[1] as string]: message.slice(before.length, message.length - after.length) });
    }
  }
  return message;
}

registerRefusals(chatText);

/** A conversation's last activity in the list: the time today, else the date (spec §9's formats). */
export function listTime(iso: string, now: Date = new Date()): string {
  const at = dayjs(iso);
  return at.isSame(now, "day") ? at.format("hh:mm a") : at.format(DATE_FORMAT);
}

/** A message's time under its bubble: the time today, else date and time. */
export function bubbleTime(iso: string, now: Date = new Date()): string {
  const at = dayjs(iso);
  return at.isSame(now, "day") ? at.format("hh:mm a") : at.format("YYYY-MM-DD, hh:mm a");
}

/**
 * WhatsApp's customer-service window is closed: the contact never wrote or wrote more than 24
 * hours ago, so only an approved template may go (the server refuses free text with 409).
 */
export function windowClosed(conversation: Pick<ChatConversation, "channel" | "windowClosesAt">, now: number = Date.now()): boolean {
  if (conversation.channel !== "whatsapp") return false;
  return conversation.windowClosesAt === null || Date.parse(conversation.windowClosesAt) <= now;
}

/** The canned-reply shortcut being typed: the text is "/" and a word (null otherwise). */
export function shortcutTyped(text: string): string | null {
  const match = /^\/([\p{L}\p{N}_-]*)$/u.exec(text);
  return match ? (match[1] as string).toLowerCase() : null;
}

/** Enter sends; Shift+Enter (and a composition in progress, an IME's Enter) makes a new line. */
export const sendsOnEnter = (event: { key: string; shiftKey: boolean; nativeEvent?: { isComposing?: boolean } }): boolean =>
  event.key === "Enter" && !event.shiftKey && event.nativeEvent?.isComposing !== true;

/** The minimum time between two "typing" signals of the same conversation. */
export const TYPING_EVERY_MS = 3_000;
/** How long "Ana is typing…" stays without another signal. */
export const TYPING_SHOWN_MS = 4_000;

/** What a file chooser accepts: the types the server takes (CHAT_MESSAGES.attachmentType). */
export const ATTACHMENT_ACCEPT = "image/png,image/jpeg,image/webp,application/pdf,audio/ogg,audio/mpeg,audio/mp4,audio/aac,audio/amr,.m4a,.amr";
