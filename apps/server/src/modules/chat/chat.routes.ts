import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { chatAttachmentRoutes } from "./attachments.routes.ts";
import { cannedRepliesRoutes } from "./canned-replies.routes.ts";
import { registerChatRetentionOf } from "./chat-retention.ts";
import { conversationsRoutes } from "./conversations.routes.ts";
import { whatsAppRoutes } from "./whatsapp/whatsapp.routes.ts";

/** The messaging chat (module `chat_whatsapp`, issue 41): the inbox, the patient's chat, attachments, settings and the WhatsApp webhook, in one registration. */
export const chatRoutes: FastifyPluginAsyncZod = async (app, options) => {
  await conversationsRoutes(app, options);
  await chatAttachmentRoutes(app, options);
  await cannedRepliesRoutes(app, options);
  registerChatRetentionOf(app);
  await whatsAppRoutes(app, options);
};
