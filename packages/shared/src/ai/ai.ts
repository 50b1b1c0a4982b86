import { z } from "zod";
import { requiredText, rowId, rowIdParam } from "../schemas.ts";

/**
 * The AI chat widget's contract (module `widget_chat_ai`, issue 42): an assistant in the shell
 * that answers a signed-in user's questions from the clinic's own content (activities,
 * recommendations, forms, CMS pages, the clinic's FAQs), limited to what that user may see, and
 * cites the sources it used. With a model configured (any OpenAI-compatible endpoint) it streams
 * the model's answer; without one it answers in retrieval-only mode with the best passages.
 *
 * Calls (all need a signed-in user and the module on):
 *  - POST   /api/ai/ask                         aiAskSchema → text/event-stream of AiStreamEvent
 *  - GET    /api/ai/conversations               → AiConversationSummary[] (the caller's own)
 *  - GET    /api/ai/conversations/:id           → AiConversation
 *  - DELETE /api/ai/conversations/:id           → 204
 *  - DELETE /api/ai/conversations               → 204 (every conversation of the caller)
 *  - PUT    /api/ai/messages/:id/feedback       aiFeedbackSchema → AiMessage
 */

export const AI_SOURCE_KINDS = ["activity", "recommendation", "form", "page", "faq"] as const;
export type AiSourceKind = (typeof AI_SOURCE_KINDS)[number];

/**
 * How an answer was made: model (the configured model wrote it), retrieval (no model: the best
 * passages), emergency (the emergency guard answered, no model asked), failed (the provider
 * failed or timed out: `error` says why; the question stays in the conversation).
 */
export const AI_ANSWER_MODES = ["model", "retrieval", "emergency", "failed"] as const;
export type AiAnswerMode = (typeof AI_ANSWER_MODES)[number];

export const AI_LIMITS = {
  /** Characters of one question. */
  question: 4000,
  /** Characters of one answer: the stream stops there even if the model goes on. */
  answer: 12_000,
  /** Sources retrieved for one question. */
  sources: 5,
  /** Earlier messages of the conversation sent to the model with a new question. */
  history: 8,
  /** Characters of a passage shown in retrieval-only mode and sent to the model. */
  passage: 600,
  conversationTitle: 80,
  systemPrompt: 4000,
  faqQuestion: 300,
  faqAnswer: 4000,
  baseUrl: 500,
  model: 120,
  apiKey: 500,
  phone: 40,
} as const;

/** What only the server can decide, in English; the screens translate them by key (the widget as `aiWidget.messages.<key>`). */
export const AI_MESSAGES = {
  rateLimitedUser: "You have asked many questions in the last hour. Please wait a little and try again.",
  rateLimitedClinic: "The assistant has answered many questions for your clinic today. Please try again tomorrow.",
  timeout: "The assistant took too long to answer. Please try again in a moment.",
  providerError: "The assistant could not answer right now. Please try again later.",
  noModel: "No AI model is configured, so here are the passages from your clinic's content that best match your question.",
  noMatch: "Nothing in your clinic's content matches this question. Please ask your therapist or your clinic.",
  emergency: "If this is an emergency, call your local emergency number now.",
  truncated: "The answer was cut at its maximum length.",
  clinicUnknown: "This clinic does not exist.",
  emptyQuestion: "Write a question.",
  questionTooLong: `A question has at most ${AI_LIMITS.question} characters.`,
  baseUrl: "Write an address that starts with http:// or https://.",
} as const;
export type AiMessageKey = keyof typeof AI_MESSAGES;

export const aiAskSchema = z
  .object({
    /** Absent: a new conversation. */
    conversationId: rowId().optional(),
    question: requiredText(AI_LIMITS.question),
  })
  .strict();
export type AiAsk = z.infer<typeof aiAskSchema>;

export const aiConversationParamSchema = z.object({ id: rowIdParam() });
export const aiMessageParamSchema = z.object({ id: rowIdParam() });

export const AI_FEEDBACK = ["up", "down"] as const;
export type AiFeedback = (typeof AI_FEEDBACK)[number];
export const aiFeedbackSchema = z.object({ feedback: z.enum(AI_FEEDBACK).nullable() }).strict();
export type AiFeedbackInput = z.infer<typeof aiFeedbackSchema>;

/** A source an answer cites: `url` is a link in the app (or the public site); a FAQ carries its text instead. */
export const aiSourceSchema = z.object({
  kind: z.enum(AI_SOURCE_KINDS),
  id: z.number(),
  title: z.string(),
  url: z.string().nullable(),
  excerpt: z.string(),
});
export type AiSource = z.infer<typeof aiSourceSchema>;

export const aiMessageSchema = z.object({
  id: z.number(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  mode: z.enum(AI_ANSWER_MODES).nullable(),
  sources: z.array(aiSourceSchema),
  /** A key of AI_MESSAGES when the answer failed or was cut. */
  notice: z.string().nullable(),
  feedback: z.enum(AI_FEEDBACK).nullable(),
  createdAt: z.string(),
});
export type AiMessage = z.infer<typeof aiMessageSchema>;

export const aiConversationSummarySchema = z.object({ id: z.number(), title: z.string(), updatedAt: z.string() });
export type AiConversationSummary = z.infer<typeof aiConversationSummarySchema>;

export const aiConversationSchema = aiConversationSummarySchema.extend({ messages: z.array(aiMessageSchema) });
export type AiConversation = z.infer<typeof aiConversationSchema>;

/**
 * The events of an answer's stream (`data: <json>` lines of text/event-stream), in order:
 * start (the stored question and its conversation; the admins' console, which stores nothing,
 * sends none), sources, delta* (text as it is written), then done (the stored answer; the
 * console's has id 0) or error (a key of AI_MESSAGES; the question stays stored).
 */
export type AiStreamEvent =
  | { type: "start"; conversationId: number; question: AiMessage; mode: AiAnswerMode }
  | { type: "sources"; sources: AiSource[] }
  | { type: "delta"; text: string }
  | { type: "done"; answer: AiMessage }
  | { type: "error"; code: AiMessageKey; message: string; answer: AiMessage | null };

/** What the assistant writes itself (no model asked), in the user's language. `{phone}`, `{passages}` are filled in. */
export const AI_ASSISTANT_TEXTS = {
  en: {
    emergency:
      "If this is an emergency, call your local emergency number now (112 in Europe, 911 in the Americas).{phone} I cannot help with emergencies or give medical advice.",
    clinicPhone: " You can also call your clinic: {phone}.",
    retrieval: "No AI model is configured, so here are the passages from your clinic's content that best match your question:\n\n{passages}",
    noMatch: "I found nothing in your clinic's content that matches this question. Please ask your therapist or your clinic.",
    answerIn: "Answer in English.",
    clinicInstructions: "The clinic's instructions:",
    sources: "Sources:",
    noSources: "Sources: none match this question.",
  },
  es: {
    emergency:
      "Si es una emergencia, llama ahora al número de emergencias de tu país (112 en Europa, 911 en América).{phone} No puedo ayudar con emergencias ni dar consejo médico.",
    clinicPhone: " También puedes llamar a tu clínica: {phone}.",
    retrieval:
      "No hay ningún modelo de IA configurado, así que estos son los fragmentos del contenido de tu clínica que mejor responden a tu pregunta:\n\n{passages}",
    noMatch: "No he encontrado nada en el contenido de tu clínica que responda a esta pregunta. Consulta a tu terapeuta o a tu clínica.",
    answerIn: "Answer in Spanish.",
    clinicInstructions: "The clinic's instructions:",
    sources: "Sources:",
    noSources: "Sources: none match this question.",
  },
} as const;
