import { readFileSync } from "node:fs";
import path from "node:path";
import { livenessSchema, type Readiness, readinessSchema } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/client.ts";
import { migrationsFolder } from "../db/migrate.ts";

/** Every migration this build ships, oldest first, as the committed journal lists them. */
export function migrationJournal(folder = migrationsFolder()): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: { tag: string; when: number }[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when })).sort((a, b) => a.when - b.when);
}

/** The newest migration this build ships; Drizzle records each applied one under its journal `when`. */
export function latestMigration(folder = migrationsFolder()): { tag: string; when: number } {
  const entries = migrationJournal(folder);
  return entries[entries.length - 1] as { tag: string; when: number };
}

/** A probe that waits longer than its caller's own timeout tells it nothing: answer first. */
const CHECK_TIMEOUT_MS = 5_000;
const UNREACHABLE = "The database is not reachable right now.";

export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`no answer within ${ms / 1000} s`), { code: "ETIMEDOUT" })), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Health endpoints for load balancers and service managers (systemd, Kubernetes probes): no
 * session, nothing personal. Liveness never touches the database, so an outage of PostgreSQL
 * does not get a healthy process restarted; readiness takes the node out of rotation instead.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const latest = latestMigration();
  const tags = ["health"];

  app.get(
    "/api/health/live",
    { schema: { tags, summary: "Liveness: the process runs and answers (200); the database is not checked", response: { 200: livenessSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { status: "ok" as const };
    },
  );

  app.get(
    "/api/health/ready",
    {
      schema: {
        tags,
        summary: "Readiness: the database answers and has every migration of this build (200), or what is wrong (503)",
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const unavailable = (body: Omit<Readiness, "status">) =>
        reply
          .status(503)
          .header("retry-after", "5")
          .send({ status: "unavailable" as const, ...body });
      let applied: number;
      try {
        const result = await withTimeout(
          app.db.execute<{ applied: string | null }>(sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`),
          CHECK_TIMEOUT_MS,
        );
        applied = Number(result.rows[0]?.applied ?? 0);
      } catch (error) {
        if (isDatabaseUnavailable(error)) return unavailable({ database: "unreachable", migrations: "unknown", detail: UNREACHABLE });
        const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
        // No migrations table (42P01) or schema (3F000): a database nothing was applied to.
        if (code === "42P01" || code === "3F000") applied = 0;
        else {
          request.log.warn({ err: error }, "readiness check failed");
          return unavailable({ database: "error", migrations: "unknown", detail: `The database answered the check with an error${code ? ` (${code})` : ""}.` });
        }
      }
      if (applied < latest.when) {
        return unavailable({
          database: "ok",
          migrations: "pending",
          detail: `The database lacks migration ${latest.tag}, which this build ships: the app applies migrations as it starts.`,
        });
      }
      return { status: "ok" as const, database: "ok" as const, migrations: "current" as const };
    },
  );
};
