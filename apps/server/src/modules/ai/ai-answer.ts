import {
  AI_ASSISTANT_TEXTS,
  AI_LIMITS,
  AI_MESSAGES,
  AI_SAFETY_RULES,
  type AiAnswerMode,
  type AiMessage,
  type AiMessageKey,
  type AiSource,
  type AiStreamEvent,
  isEmergencyQuestion,
  type Language,
  maskPersonalData,
} from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Actor } from "../../platform/access.ts";
import { HttpError, notFound } from "../../platform/errors.ts";
import { AiProviderError, type AiProviderSettings, type ChatTurn, type ChatUsage, describeProviderError, embedTexts, streamChat } from "./ai-provider.ts";
import { type Passage, type Reader, retrieve } from "./ai-retrieval.ts";
import {
  type AiDeps,
  activeSources,
  defaultSettings,
  patientDataAllowed,
  providerKeyOf,
  providerOf,
  type ScopeSettings,
  scopeOf,
  settingsRowSql,
} from "./ai-scope.ts";
import { type MessageRow, messageView } from "./ai-views.ts";

/**
 * Answering a question (issue 42.1, 42.2, 42.5). Before the stream starts, one statement reads
 * the scope's settings, the rate-limit counts and the conversation's recent history, and one
 * stores the question (and its usage row, which the limits count even if the answer fails). Then
 * the emergency guard, retrieval (one statement), the model or the retrieval-only answer, and one
 * statement stores the answer with its usage. A refusal before the stream is an HTTP error (429,
 * 404); a failure during it is an `error` event, the question stays stored and the conversation
 * usable.
 */

export interface AskRequest {
  question: string;
  /** A conversation of the caller's; absent: a new one. Ignored by the console. */
  conversationId?: number | undefined;
  /** The admins' test console: nothing stored but the usage, no rate limits. */
  console?: { clinicId: string | null };
}

export interface PreparedAsk {
  actor: Actor;
  reader: Reader;
  settings: ScopeSettings;
  question: string;
  conversationId: number | null;
  questionMessage: AiMessage | null;
  usageId: number;
  mode: AiAnswerMode;
  history: ChatTurn[];
  clinicPhone: string;
}

const tooMany = (key: AiMessageKey) => new HttpError(429, { detail: AI_MESSAGES[key], code: key });

const languageOf = (actor: Actor): Language => (actor.language === "es" ? "es" : "en");

type Snapshot = {
  settings: Record<string, unknown> | null;
  user_hour: number;
  scope_day: number;
  clinic_phone: string | null;
  conversation_ok: boolean;
  history: { role: "user" | "assistant"; content: string }[] | null;
};

/** Checks and stores the question. Throws HTTP errors; nothing is stored when it does. */
export async function prepareAsk(deps: AiDeps, actor: Actor, request: AskRequest): Promise<PreparedAsk> {
  const { db } = deps;
  const scope = request.console ? request.console.clinicId : scopeOf(actor);
  const conversationId = request.console ? null : (request.conversationId ?? null);
  const scopeFilter: SQL = scope === null ? sql`clinic_id is null` : sql`clinic_id = ${scope}`;
  const { rows } = await db.execute<Snapshot>(sql`
    select (select to_jsonb(s) from (${settingsRowSql(scope)}) s) as settings,
      (select count(*)::int from ai_usage where user_id = ${actor.id} and not console and created_at > now() - interval '1 hour') as user_hour,
      (select count(*)::int from ai_usage where ${scopeFilter} and not console and created_at > now() - interval '1 day') as scope_day,
      (select nullif(phone, '') from users where id = ${scope}) as clinic_phone,
      (${conversationId}::int is null or exists (select 1 from ai_conversations where id = ${conversationId} and user_id = ${actor.id})) as conversation_ok,
      (select json_agg(h order by h.id) from (
        select id, role, content from ai_messages where conversation_id = ${conversationId} and content <> '' order by id desc limit ${AI_LIMITS.history}
      ) h) as history`);
  const snapshot = rows[0] as Snapshot;
  if (!snapshot.conversation_ok) throw notFound();
  const settings = settingsFrom(snapshot.settings, scope);
  if (!request.console) {
    if (snapshot.user_hour >= settings.perUserPerHour) throw tooMany("rateLimitedUser");
    if (snapshot.scope_day >= settings.perClinicPerDay) throw tooMany("rateLimitedClinic");
  }
  const question = request.question.trim();
  const mode: AiAnswerMode = isEmergencyQuestion(question) ? "emergency" : settings.baseUrl && settings.model ? "model" : "retrieval";
  const reader: Reader = request.console
    ? { userId: actor.id, clinicId: scope, patient: false, language: languageOf(actor) }
    : { userId: actor.id, clinicId: scope, patient: actor.role === "patient", language: languageOf(actor) };

  const stored = request.console ? await storeConsoleUsage(deps, actor, scope, mode) : await storeQuestion(deps, actor, scope, conversationId, question, mode);
  return {
    actor,
    reader,
    settings,
    question,
    conversationId: stored.conversationId,
    questionMessage: stored.message,
    usageId: stored.usageId,
    mode,
    history: (snapshot.history ?? []).map((turn) => ({ role: turn.role, content: turn.content })),
    clinicPhone: settings.emergencyPhone || snapshot.clinic_phone || "",
  };
}

function settingsFrom(row: Record<string, unknown> | null, clinicId: string | null): ScopeSettings {
  if (!row) return defaultSettings(clinicId);
  return { ...(row as unknown as ScopeSettings), updatedAt: row.updatedAt ? new Date(String(row.updatedAt)) : null };
}

const titleOf = (question: string): string => {
  const line = question.replace(/\s+/g, " ").trim();
  return line.length <= AI_LIMITS.conversationTitle ? line : `${line.slice(0, AI_LIMITS.conversationTitle - 1)}…`;
};

/** One statement: the conversation (made or touched), the question, and the usage row the limits count. */
async function storeQuestion(deps: AiDeps, actor: Actor, scope: string | null, conversationId: number | null, question: string, mode: AiAnswerMode) {
  const { rows } = await deps.db.execute<MessageRow & { usage_id: number }>(sql`
    with made as (
      insert into ai_conversations (user_id, clinic_id, title)
      select ${actor.id}, ${scope}, ${titleOf(question)} where ${conversationId}::int is null returning id
    ), touched as (
      update ai_conversations set updated_at = now() where id = ${conversationId} and user_id = ${actor.id} returning id
    ), conversation as (select id from made union all select id from touched),
    message as (
      insert into ai_messages (conversation_id, role, content) select id, 'user', ${question} from conversation returning *
    ), usage as (
      insert into ai_usage (user_id, clinic_id, mode) select ${actor.id}, ${scope}, ${mode} from message returning id
    )
    select message.*, usage.id as usage_id from message, usage`);
  const row = rows[0];
  if (!row) throw notFound();
  return { conversationId: row.conversation_id, message: messageView(row), usageId: Number(row.usage_id) };
}

async function storeConsoleUsage(deps: AiDeps, actor: Actor, scope: string | null, mode: AiAnswerMode) {
  const { rows } = await deps.db.execute<{ id: number }>(
    sql`insert into ai_usage (user_id, clinic_id, mode, console) values (${actor.id}, ${scope}, ${mode}, true) returning id`,
  );
  return { conversationId: null, message: null, usageId: Number(rows[0]?.id) };
}

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");

/** The answer of the emergency guard: the emergency number and the clinic's phone, no model asked. */
export function emergencyAnswer(language: Language, phone: string): string {
  const texts = AI_ASSISTANT_TEXTS[language];
  return fill(texts.emergency, { phone: phone ? fill(texts.clinicPhone, { phone }) : "" });
}

/** Retrieval-only mode: the best passages, each with its title, as Markdown quotes. */
export function retrievalAnswer(language: Language, passages: readonly Passage[]): string {
  const texts = AI_ASSISTANT_TEXTS[language];
  if (passages.length === 0) return texts.noMatch;
  const quoted = passages.map((passage, index) => `**[${index + 1}] ${passage.title}**\n\n> ${passage.text.replace(/\n+/g, " ")}`).join("\n\n");
  return fill(texts.retrieval, { passages: quoted });
}

/** What the model is told: the safety rules first (no prompt can drop them), the language, the clinic's prompt, the numbered sources. */
export function systemPromptFor(settings: Pick<ScopeSettings, "systemPrompt">, language: Language, passages: readonly Passage[]): string {
  const texts = AI_ASSISTANT_TEXTS[language];
  const parts = [AI_SAFETY_RULES, texts.answerIn];
  if (settings.systemPrompt.trim()) parts.push(`${texts.clinicInstructions}\n${settings.systemPrompt.trim()}`);
  parts.push(
    passages.length === 0
      ? texts.noSources
      : `${texts.sources}\n${passages.map((passage, index) => `[${index + 1}] ${passage.title}\n${passage.text}`).join("\n")}`,
  );
  return parts.join("\n\n");
}

/** The sources an answer cites as [n]; none cited: every passage it was given. */
export function citedSources(answer: string, passages: readonly Passage[]): AiSource[] {
  const cited = new Set([...answer.matchAll(/\[(\d{1,2})\]/g)].map((match) => Number(match[1]) - 1));
  const chosen = cited.size > 0 ? passages.filter((_, index) => cited.has(index)) : passages;
  return chosen.map(({ kind, id, title, url, excerpt }) => ({ kind, id, title, url, excerpt }));
}

const costMillicents = (settings: ScopeSettings, usage: ChatUsage): number =>
  Math.round((usage.tokensIn * settings.inputCentsPerMillion + usage.tokensOut * settings.outputCentsPerMillion) / 1000);

/**
 * Streams the answer to a prepared question through `emit`, and stores it. Never throws: a
 * provider's failure or timeout becomes an `error` event with the stored (partial) answer.
 */
export async function streamAnswer(deps: AiDeps, prepared: PreparedAsk, emit: (event: AiStreamEvent) => void, signal: AbortSignal): Promise<void> {
  const { settings, reader } = prepared;
  if (prepared.questionMessage && prepared.conversationId !== null) {
    emit({ type: "start", conversationId: prepared.conversationId, question: prepared.questionMessage, mode: prepared.mode });
  }
  if (prepared.mode === "emergency") {
    const answer = await storeAnswer(deps, prepared, {
      content: emergencyAnswer(reader.language, prepared.clinicPhone),
      mode: "emergency",
      sources: [],
      notice: null,
    });
    emit({ type: "done", answer });
    return;
  }

  const provider = prepared.mode === "model" ? providerOf(deps, settings) : null;
  let kinds = await activeSources(deps.flags, settings);
  // Patient data reaches a hosted model only when the admin allows it: then a patient's own
  // assignments are not among the sources, and e-mail addresses and phone numbers are masked in
  // anyone's question (staff may write a patient's).
  const personalAllowed = patientDataAllowed(deps, settings);
  if (provider && !personalAllowed && reader.patient) kinds = kinds.filter((kind) => kind === "faq" || kind === "page");
  const question = provider && !personalAllowed ? maskPersonalData(prepared.question) : prepared.question;

  const embedding = provider?.embeddingModel ? await questionEmbedding(deps, provider, question, signal) : null;
  const passages = await retrieve(deps.db, reader, prepared.question, { kinds, embedding });
  emit({ type: "sources", sources: citedSources("", passages) });

  if (!provider) {
    const answer = await storeAnswer(deps, prepared, {
      content: retrievalAnswer(reader.language, passages),
      mode: "retrieval",
      sources: citedSources("", passages),
      notice: null,
    });
    emit({ type: "done", answer });
    return;
  }

  const turns: ChatTurn[] = [
    { role: "system", content: systemPromptFor(settings, reader.language, passages) },
    ...prepared.history.map((turn) => ({ ...turn, content: personalAllowed ? turn.content : maskPersonalData(turn.content) })),
    { role: "user", content: question },
  ];
  let text = "";
  let usage: ChatUsage = { tokensIn: 0, tokensOut: 0 };
  let notice: AiMessageKey | null = null;
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    for await (const chunk of streamChat(provider, turns, stop.signal)) {
      if (chunk.type === "usage") {
        usage = chunk.usage;
        continue;
      }
      const room = AI_LIMITS.answer - text.length;
      const piece = chunk.text.slice(0, Math.max(room, 0));
      if (piece) {
        text += piece;
        emit({ type: "delta", text: piece });
      }
      if (chunk.text.length > room) {
        notice = "truncated";
        stop.abort();
        break;
      }
    }
  } catch (error) {
    notice = error instanceof AiProviderError && error.code === "timeout" ? "timeout" : "providerError";
    deps.log.warn({ provider: describeProviderError(error) }, "ai provider failed");
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
  const failed = notice === "timeout" || notice === "providerError";
  const answer = await storeAnswer(
    deps,
    prepared,
    { content: text, mode: failed ? "failed" : "model", sources: failed ? [] : citedSources(text, passages), notice },
    usage,
  );
  if (failed && notice) emit({ type: "error", code: notice, message: AI_MESSAGES[notice], answer });
  else emit({ type: "done", answer });
}

async function questionEmbedding(deps: AiDeps, provider: AiProviderSettings, question: string, signal: AbortSignal) {
  try {
    const [vector] = await embedTexts({ ...provider, timeoutMs: Math.min(provider.timeoutMs, 10_000) }, [question], signal);
    return vector ? { vector, providerKey: providerKeyOf(provider) } : null;
  } catch (error) {
    // Text search alone still answers.
    deps.log.warn({ provider: describeProviderError(error) }, "ai embeddings failed");
    return null;
  }
}

interface AnswerParts {
  content: string;
  mode: AiAnswerMode;
  sources: AiSource[];
  notice: AiMessageKey | null;
}

/** One statement: the answer (none for the console) and its usage figures. */
async function storeAnswer(deps: AiDeps, prepared: PreparedAsk, parts: AnswerParts, usage: ChatUsage = { tokensIn: 0, tokensOut: 0 }): Promise<AiMessage> {
  const cost = costMillicents(prepared.settings, usage);
  const updateUsage = sql`update ai_usage set mode = ${parts.mode}, tokens_in = ${usage.tokensIn}, tokens_out = ${usage.tokensOut}, cost_millicents = ${cost} where id = ${prepared.usageId}`;
  if (prepared.conversationId === null) {
    await deps.db.execute(updateUsage);
    return {
      id: 0,
      role: "assistant",
      content: parts.content,
      mode: parts.mode,
      sources: parts.sources,
      notice: parts.notice,
      feedback: null,
      createdAt: new Date().toISOString(),
    };
  }
  const { rows } = await deps.db.execute<MessageRow>(sql`
    with usage as (${updateUsage})
    insert into ai_messages (conversation_id, role, content, mode, sources, notice)
    values (${prepared.conversationId}, 'assistant', ${parts.content}, ${parts.mode}, ${JSON.stringify(parts.sources)}::jsonb, ${parts.notice})
    returning *`);
  return messageView(rows[0] as MessageRow);
}
