import type { FieldValues, Path, Resolver, UseFormSetError } from "react-hook-form";
import type { ZodType } from "zod";

/** Puts a 400 body's field errors onto the form fields of the same name; answers the rest. */
export function applyFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, fields: Record<string, string[]>, known: readonly string[]): string[] {
  const unplaced: string[] = [];
  for (const [field, messages] of Object.entries(fields)) {
    if (known.includes(field)) setError(field as Path<T>, { type: "server", message: messages.join(" ") });
    else unplaced.push(...messages);
  }
  return unplaced;
}

/** Messages by dotted field path, as the API names them: `variants.1.sku`. */
export type PathErrors = Record<string, string>;

/** What a form's text values become for the API, and what could not be read (already in the user's language). */
export interface Converted<P> {
  payload: P;
  errors: PathErrors;
}

/** react-hook-form's nested error object for dotted paths (numeric parts as array slots, as it builds them itself). */
export function nestErrors(errors: PathErrors): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(errors)) {
    const parts = path.split(".");
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        const existing = node[part];
        // A list's own message ("items") beside its rows' messages: both kept on the same node.
        if (existing && typeof existing === "object") Object.assign(existing, { type: "validate", message });
        else node[part] = { type: "validate", message };
        return;
      }
      if (!node[part] || typeof node[part] !== "object") node[part] = /^\d+$/.test(parts[index + 1] ?? "") ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

/**
 * A resolver for a form whose fields hold text (prices, percentages): `convert` reads them into
 * the API's body, then the shared schema checks that body, so the form refuses what the server
 * would. The form's field names are the body's, so either's errors land on the same field;
 * a field that could not be read keeps its own message over the schema's. `place` moves a
 * schema issue to the field that shows it when the form's fields differ from the body's.
 */
export function convertingResolver<V extends FieldValues, P>(
  schema: ZodType,
  convert: (values: V) => Converted<P>,
  place: (path: string) => string | null = () => null,
): Resolver<V> {
  return async (values) => {
    const { payload, errors } = convert(values);
    const all: PathErrors = {};
    const checked = schema.safeParse(payload);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const path = place(issue.path.join(".")) ?? issue.path.join(".");
        if (!(path in all)) all[path] = issue.message;
      }
    }
    Object.assign(all, errors);
    if (Object.keys(all).length === 0) return { values, errors: {} };
    return { values: {}, errors: nestErrors(all) as never };
  };
}
