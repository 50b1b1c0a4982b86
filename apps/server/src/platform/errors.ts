import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/client.ts";

export type FieldErrors = Record<string, string[]>;

/** A failure with the status and body of the error contract (ARCHITECTURE.md, Contracts). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.detail === "string" ? body.detail : `HTTP ${statusCode}`);
  }
}

export const badRequest = (fields: FieldErrors | string) => new HttpError(400, typeof fields === "string" ? { detail: fields } : fields);
export const unauthorized = () => new HttpError(401, { detail: "Authentication credentials were not provided." });
export const forbidden = (detail = "You do not have permission to perform this action.") => new HttpError(403, { detail });
export const notFound = (detail = "Not found.") => new HttpError(404, { detail });
export const conflict = (detail: string) => new HttpError(409, { detail });

/** True for PostgreSQL's unique violation (23505) on a constraint whose name holds `constraintPart`, as the driver or drizzle wraps it. */
export function isUniqueViolation(error: unknown, constraintPart: string): boolean {
  return violatedConstraint(error, "23505")?.includes(constraintPart) ?? false;
}

/** The constraint a PostgreSQL error of `code` names (23505 unique, 23P01 exclusion), through Drizzle's wrapping. */
export function violatedConstraint(error: unknown, code: "23505" | "23P01"): string | null {
  const wrapped = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if ((wrapped.cause?.code ?? wrapped.code) !== code) return null;
  return wrapped.cause?.constraint ?? wrapped.constraint ?? "";
}

/** Zod issues from the request schemas, as field → messages. */
function fieldErrorsOf(error: FastifyError): FieldErrors {
  const fields: FieldErrors = {};
  const add = (field: string, message: string) => {
    const key = field || "detail";
    fields[key] ??= [];
    fields[key].push(message);
  };
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
    const keys = (issue.params as { keys?: string[] }).keys;
    if (issue.keyword === "unrecognized_keys" && keys) {
      for (const key of keys) add(field ? `${field}.${key}` : key, "Unknown field.");
    } else {
      add(field, issue.message ?? "Invalid value.");
    }
  }
  return fields;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send(error.body);
    if (hasZodFastifySchemaValidationErrors(error)) return reply.status(400).send(fieldErrorsOf(error));
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error.cause }, "response does not match its schema");
      return reply.status(500).send({ detail: "An error occurred" });
    }
    if (isDatabaseUnavailable(error)) {
      // An outage (a restart, a failover) passes: clients and load balancers may try again.
      return reply.status(503).header("retry-after", "5").send({ detail: "The database is not reachable right now. Try again in a moment." });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large: the client's fault, said plainly.
      return reply.status(status).send({ detail: error.message });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ detail: "An error occurred" });
  });
}
