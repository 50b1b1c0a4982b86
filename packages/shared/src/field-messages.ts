/**
 * The field messages of the shared schemas (schemas.ts), in English as the API answers them.
 * Kept apart from zod so a screen can find a server's message here (`sharedMessageKey`) and
 * show it in the user's language without loading zod.
 */
export const SHARED_MESSAGES = {
  userId: "Must be a user id (a UUID).",
  unicode: "Must be valid Unicode text.",
  nul: "Must not contain NUL characters.",
} as const;
export type SharedMessage = keyof typeof SHARED_MESSAGES;

/** The key of one of the messages above, or null for any other text. */
export function sharedMessageKey(message: string): SharedMessage | null {
  const entry = Object.entries(SHARED_MESSAGES).find(([, text]) => text === message);
  return entry ? (entry[0] as SharedMessage) : null;
}
