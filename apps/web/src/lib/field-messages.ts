import { sharedMessageKey } from "@clinic/shared";

/**
 * A server's field message in the interface language when it is one of the shared schemas'
 * (SHARED_MESSAGES); any other text is the server's own words and stays as it is. Free of zod,
 * so the notices can use it on pages that load no form.
 */
export function sharedMessage(t: (key: string) => string, message: string): string {
  const key = sharedMessageKey(message);
  return key ? t(`forms.shared.${key}`) : message;
}
