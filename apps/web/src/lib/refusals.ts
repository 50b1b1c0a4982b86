import type { TFunction } from "i18next";
import { ApiError } from "./api.ts";

/**
 * The server's refusals in the interface language, for every module. The API and the shared
 * schemas speak English; each module that has refusal texts of its own (SHOP_MESSAGES,
 * FORM_MESSAGES, ...) registers how it translates them by key, and the one action hook
 * (lib/resource.ts useAction) words every failure's notice through them.
 */

/** A module's message in the interface language, or the message as it came when it is not one of the module's. */
export type RefusalTranslator = (t: TFunction, message: string) => string;

const translators = new Set<RefusalTranslator>();

/** Adds a module's translator (once: registering it again changes nothing). */
export function registerRefusals(translator: RefusalTranslator): void {
  translators.add(translator);
}

/** A refusal's text in the interface language: the first module that knows it translates it, else it stays as it is. */
export function refusalText(t: TFunction, message: string): string {
  for (const translate of translators) {
    const translated = translate(t, message);
    if (translated !== message) return translated;
  }
  return message;
}

/** A failure with every text of its body in the interface language, for its notice; anything else as it is. */
export function translatedFailure(failure: unknown, t: TFunction): unknown {
  if (!(failure instanceof ApiError)) return failure;
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(failure.body)) {
    if (typeof value === "string") body[key] = refusalText(t, value);
    else if (Array.isArray(value)) body[key] = value.map((one) => (typeof one === "string" ? refusalText(t, one) : one));
    else body[key] = value;
  }
  return new ApiError(failure.status, body);
}
