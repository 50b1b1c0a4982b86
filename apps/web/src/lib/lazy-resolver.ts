import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A react-hook-form resolver for a zod schema that loads zod, the schema and its messages'
 * locale on the first validation (the first submit), not with the page: the sign-in page
 * then loads without zod. A failed load is tried again on the next validation.
 */
export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<Parameters<typeof import("./zod-resolver.ts").zodResolver>[0]>): Resolver<T> {
  let ready: Promise<Resolver<T>> | undefined;
  const load = () =>
    Promise.all([loadSchema(), import("./zod-resolver.ts")]).then(([schema, { zodResolver }]) => zodResolver(schema) as unknown as Resolver<T>);
  return async (values, context, options) => {
    ready ??= load().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return (await ready)(values, context, options);
  };
}
