/**
 * The realtime socket's address and message schema, from the shared contract. Its module defines
 * the notification schemas with zod, so the shell loads this chunk when it opens the socket, after
 * it has shown, instead of with its own first load (useRealtime.ts).
 */
export { REALTIME_PATH, realtimeMessageSchema } from "@clinic/shared";
