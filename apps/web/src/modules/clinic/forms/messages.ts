import { FORM_MESSAGES, type FormMessage, formMessageKey } from "@clinic/shared";
import type { TFunction } from "i18next";

/** The interface's `t` (tests pass a stand-in). */
export type Translate = TFunction;

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

/** The `{name}` values a message of the API carries ("Must be at least 3." → { min: "3" }). */
export function messageValues(key: FormMessage, message: string): Record<string, string> {
  const names: string[] = [];
  const pattern = escapeRegExp(FORM_MESSAGES[key]).replace(/\\?\{(\w+)\\?\}/g, (_, name: string) => {
    names.push(name);
    return "(.+)";
  });
  const match = new RegExp(`^${pattern}$`).exec(message);
  return Object.fromEntries(names.map((name, index) => [name, match?.[index + 1] ?? ""]));
}

/**
 * A form message in the interface language: the API's (and the shared schemas') English
 * FORM_MESSAGES are translated by key with their values; any other text is already the
 * interface's (zod's locale) or the server's own words, and stays as it is.
 */
export function translateFormMessage(message: string, t: Translate): string {
  const key = formMessageKey(message);
  return key ? t(`dynamicForms.messages.${key}`, messageValues(key, message)) : message;
}

/**
 * A 400's `answers.<question key>` errors by question key, translated; the rest (not tied to one
 * of the form's `questions`: an answer to a question of another version, say) in a list of their own.
 */
export function answerErrorsOf(
  fields: Record<string, string[]>,
  questions: readonly string[],
  t: Translate,
): { byQuestion: Record<string, string>; other: string[] } {
  const byQuestion: Record<string, string> = {};
  const other: string[] = [];
  for (const [field, messages] of Object.entries(fields)) {
    const text = messages.map((message) => translateFormMessage(message, t)).join(" ");
    const match = /^answers\.(.+)$/.exec(field);
    if (match?.[1] && questions.includes(match[1])) byQuestion[match[1]] = text;
    else other.push(text);
  }
  return { byQuestion, other };
}

/**
 * The message react-hook-form holds at a dotted path of its errors (`fields.2.options`): the
 * field's own, or a list's `root` one (the resolver puts a list's own error there).
 */
export function errorAt(errors: unknown, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  if (!node || typeof node !== "object") return undefined;
  // A list's entries' own errors (a subscale naming a question that is not scored): the first.
  if (Array.isArray(node) && !("root" in node)) {
    const entry = node.find((item) => item && typeof item === "object" && typeof (item as { message?: unknown }).message === "string");
    if (entry) return (entry as { message: string }).message;
  }
  const { message, root } = node as { message?: unknown; root?: { message?: unknown } };
  if (typeof message === "string" && message) return message;
  return typeof root?.message === "string" && root.message ? root.message : undefined;
}
