import path from "node:path";
import { CONNECT_TIMEOUT_MS } from "./client.ts";

/**
 * A start-up failure the operator can act on: what happened and what to do, printed as two
 * short lines instead of a stack trace (a stack says nothing to someone running `npm start`).
 */
export class StartupError extends Error {
  constructor(
    message: string,
    /** What to do about it. */
    readonly hint?: string,
  ) {
    super(message);
    this.name = "StartupError";
  }
}

/** A folder as the operator knows it: `./data/postgres` under the working folder, absolute elsewhere. */
export function shownPath(dir: string): string {
  const relative = path.relative(process.cwd(), dir);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? `./${relative}` : dir;
}

/** The clear message for a port the server cannot listen on; null for other failures. */
export function listenError(error: unknown, host: string, port: number): StartupError | null {
  const code = (error as { code?: string } | null)?.code;
  if (code === "EADDRINUSE") {
    return new StartupError(`port ${port} is in use: set PORT to a free port, or stop the program that listens on it`);
  }
  if (code === "EACCES") {
    return new StartupError(
      `port ${port} may not be opened by this user (ports below 1024 need privileges): set PORT`,
      "Use a port of 1024 or above, behind a reverse proxy that listens on 80/443.",
    );
  }
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") {
    return new StartupError(`address ${host} is not one of this machine's: set HOST`, "HOST=0.0.0.0 listens on every address.");
  }
  return null;
}

/** Codes of the driver and the operating system as PostgreSQL clients see them, said plainly. */
function codeOf(error: unknown): string | undefined {
  let current = error as { code?: unknown; cause?: unknown; errors?: unknown[]; message?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current.code === "string") return current.code;
    if (Array.isArray(current.errors) && current.errors.length > 0) {
      const inner = codeOf(current.errors[0]);
      if (inner) return inner;
    }
    if (typeof current.message === "string" && /timeout/i.test(current.message)) return "ETIMEDOUT";
    current = current.cause as typeof current;
  }
  return undefined;
}

/**
 * The clear message for a DATABASE_URL that cannot be used at start: where (host, port,
 * database; never the password) and why (the error code).
 */
export function databaseStartError(url: string, error: unknown): StartupError {
  let where = "DATABASE_URL";
  try {
    const parsed = new URL(url);
    where = `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
  } catch {
    // Not a URL: pg read it as a connection string of its own; say only that.
  }
  const code = codeOf(error);
  const reason = error instanceof Error && error.message ? error.message : String(error);
  if (code === "28P01" || code === "28000") {
    return new StartupError(`the database at ${where} refused the user of DATABASE_URL (${code}: ${reason})`, "Check the user and password in DATABASE_URL.");
  }
  if (code === "3D000") {
    return new StartupError(`the database at ${where} does not exist (${code})`, "Create it (createdb), or fix the database name in DATABASE_URL.");
  }
  const why = code === "ETIMEDOUT" ? `: no answer within ${CONNECT_TIMEOUT_MS / 1000} s` : code === "ECONNREFUSED" ? ": nothing listens there" : "";
  return new StartupError(
    `cannot reach the database at ${where} (${code ?? reason}${why})`,
    "Check DATABASE_URL, that PostgreSQL is running there, and that it accepts connections from this machine.",
  );
}
