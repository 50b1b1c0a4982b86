import { CRM_EMAIL_MESSAGES, CRM_EMAIL_VARIABLES } from "@clinic/shared";
import type { TFunction } from "i18next";
import { sharedMessage } from "../../../lib/field-messages.ts";

const KEYS = Object.fromEntries(Object.entries(CRM_EMAIL_MESSAGES).map(([key, text]) => [text, key])) as Record<string, string>;

/**
 * A message of the server or the shared schema in the interface language: the CRM email's own
 * refusals by key, an unknown variable with its names, the shared field messages; anything
 * else as it came.
 */
export function emailText(t: TFunction, message: string): string {
  const key = KEYS[message];
  if (key) return t(`crmEmail.messages.${key}`);
  const unknown = /^Unknown variable (.+?)\. Use /.exec(message);
  if (unknown) return t("crmEmail.messages.unknownVariable", { names: unknown[1], known: CRM_EMAIL_VARIABLES.map((name) => `{{${name}}}`).join(", ") });
  return sharedMessage(t, message);
}

/** `{{name}}` put into `text` at `at` (the end when unknown): answers the new text and where the cursor goes. */
export function insertVariable(text: string, name: string, at: number | null): { text: string; cursor: number } {
  const token = `{{${name}}}`;
  const position = at === null || at > text.length ? text.length : at;
  return { text: text.slice(0, position) + token + text.slice(position), cursor: position + token.length };
}

/** `{{name}}` at the end of rich text: inside its last paragraph when it ends with one, else a new paragraph. */
export function appendVariableToHtml(html: string, name: string): string {
  const token = `{{${name}}}`;
  if (html.endsWith("</p>")) return `${html.slice(0, -4)}${html.endsWith("<p></p>") ? "" : " "}${token}</p>`;
  return `${html}<p>${token}</p>`;
}
