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
/** A 409 whose `code` (a key of the module's refusals in packages/shared) lets a client act on it and a screen translate it. */
export const codedConflict = (code: string, detail: string) => new HttpError(409, { detail, code });

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

/** What a 400 says for PostgreSQL's data exceptions (SQLSTATE class 22), by code; others get the fallback. */
const DATA_ERROR_DETAILS: Record<string, string> = {
  "22P02": "A value is not in the form expected.",
  "22021": "A value holds a character that cannot be stored (such as NUL).",
  "22P05": "A value holds a character that cannot be stored (such as NUL).",
  "22007": "A date or time is not valid.",
  "22008": "A date or time is out of range.",
  "22003": "A number is out of range.",
  "22001": "A value is too long.",
};
const DATA_ERROR_FALLBACK = "A value in the request is not valid.";
/** Every `detail` a data exception's 400 carries: the bad-input sweep fails on these, as each is a schema to tighten. */
export const DATA_ERROR_MESSAGES: ReadonlySet<string> = new Set([...Object.values(DATA_ERROR_DETAILS), DATA_ERROR_FALLBACK]);

/**
 * The 400 message for a PostgreSQL data exception (class 22: invalid text for a type, NUL or a
 * bad byte, an impossible date, a number or string out of range) anywhere in the error's
 * cause chain (Drizzle wraps the driver's error); null for any other error. The request
 * schemas should refuse such values first: one that slips through is still bad input, not a
 * failure of the server.
 */
export function dataErrorDetail(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code)) return DATA_ERROR_DETAILS[code] ?? DATA_ERROR_FALLBACK;
    current = cause;
  }
  return null;
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
      return reply.status(500).send({ detail: "An error occurred", requestId: request.id });
    }
    const dataError = dataErrorDetail(error);
    if (dataError) {
      // Logged: each one is a request schema to tighten.
      request.log.warn({ err: error }, "the database refused a value the request schemas let through");
      return reply.status(400).send({ detail: dataError });
    }
    if (isDatabaseUnavailable(error)) {
      // An outage (a restart, a failover) passes: clients and load balancers may try again.
      return reply
        .status(503)
        .header("retry-after", "5")
        .send({ detail: "The database is not reachable right now. Try again in a moment.", requestId: request.id });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large: the client's fault, said plainly.
      return reply.status(status).send({ detail: error.message });
    }
    request.log.error({ err: error }, "unhandled error");
    // The id a user can quote ("Reference: …"): it is the reqId of this log line.
    return reply.status(500).send({ detail: "An error occurred", requestId: request.id });
  });
}
