import type { ZodType } from "zod";

/** A field's first message, by field name: what a form shows under each box. */
export type FieldMessages = Partial<Record<string, string>>;
export type Validation<T> = { ok: true; values: T } | { ok: false; errors: FieldMessages };

/**
 * Validation with a shared zod schema that loads zod, the schema and its messages' locale on
 * first use (the first submit), not with the page: for forms without react-hook-form, such as
 * the light sign-in page. A failed load is tried again on the next call. `loadMessages` sets
 * zod's messages in the interface language (the app's i18next by default).
 */
export function lazyValidator<T>(
  loadSchema: () => Promise<ZodType<T>>,
  loadMessages: () => Promise<unknown> = () => import("./zod-locale.ts"),
): (values: unknown) => Promise<Validation<T>> {
  let ready: Promise<ZodType<T>> | undefined;
  return async (values) => {
    ready ??= Promise.all([loadSchema(), loadMessages()])
      .then(([schema]) => schema)
      .catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
    const result = (await ready).safeParse(values);
    if (result.success) return { ok: true, values: result.data };
    const errors: FieldMessages = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field === "string") errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  };
}
