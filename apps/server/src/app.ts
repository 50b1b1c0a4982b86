import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { createPaymentProviders, type Payments } from "./platform/payments/index.ts";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import { SERVER_MODULES } from "./modules.ts";
import { type AuditSequencer, startAuditSequencer } from "./platform/audit-sequencer.ts";
import { type Auth, createAuth } from "./platform/auth.ts";
import { registerCompression } from "./platform/compression.ts";
import { registerCsrfProtection } from "./platform/csrf.ts";
import { registerErrorHandler } from "./platform/errors.ts";
import { FlagService } from "./platform/flags.ts";
import { registerJsonBody } from "./platform/json-body.ts";
import { registerMetrics } from "./platform/metrics.ts";
import { registerIdempotency } from "./platform/idempotency.ts";
import { registerRequestIdHeader, requestIdGenerator } from "./platform/request-id.ts";
import { healthRoutes } from "./platform/health.ts";
import { createJobQueue, type JobQueue } from "./platform/jobs.ts";
import { createMailer, type Mailer, registerMailDelivery } from "./platform/mail.ts";
import { registerSecurityHeaders, swaggerUiPolicy } from "./platform/security-headers.ts";
import { createNotifier, type Notifier } from "./platform/notifications.ts";
import { notificationsRoutes } from "./platform/notifications.routes.ts";
import { registerPush } from "./platform/push/push.routes.ts";
import { registerDailyExercisesPush } from "./modules/clinic/assignments/daily-exercises-push.ts";
import { PgListener } from "./platform/pg-listener.ts";
import { registerRealtime } from "./platform/realtime.ts";
import { registerSessions } from "./platform/session.ts";
import { systemCheckRoutes } from "./platform/system-check.routes.ts";
import { registerUploads } from "./platform/uploads.routes.ts";
import { registerWebApp } from "./platform/web-app.ts";
import { registerGated } from "./modules/clinic/billing/gating.ts";
import { deriveKey } from "./platform/keys.ts";
import { registerScheduledBackups } from "./ops/backup.job.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    auth: Auth;
    flags: FlagService;
    mailer: Mailer;
    jobs: JobQueue;
    /** Writes in-app notifications (and their emails) inside an event's transaction. */
    notifier: Notifier;
    config: Config;
    /** A key for one purpose (e.g. "calendar-feed"), derived from the auth secret: signs what must not be forged. */
    deriveKey(purpose: string): Buffer;
    /** One set of payment providers (PAYMENT_PROVIDER) shared by billing and the shop, and where webhook events go. */
    payments: Payments;
    /** The node's LISTENing connection: subscribe to a channel before the app is ready. */
    pgListener: PgListener;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  authSecret: string;
  /** Folder of the built web app; served with the API when it exists. */
  webDist?: string;
  logger?: boolean;
  /** Where JSON log lines go when `logger` is on (standard output by default); tests read them here. */
  logStream?: NodeJS.WritableStream;
}

export function defaultWebDist(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, "apps", "web", "dist");
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  return path.resolve("apps/web/dist");
}

/** The whole server without listening: main.ts listens, tests inject. */
export async function buildApp({ config, database, authSecret, webDist, logger = false, logStream }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) } : false,
    trustProxy: config.trustProxy,
    genReqId: requestIdGenerator(config.trustProxy),
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestIdHeader(app);
  registerJsonBody(app);

  const auth = createAuth(database.db, config, authSecret);
  app.decorate("config", config);
  app.decorate("db", database.db);
  // Before any route, so every route is timed; /metrics itself only when METRICS_TOKEN is set.
  registerMetrics(app, database.pool);
  app.decorate("auth", auth);
  const flags = new FlagService(database.db, config.defaultFlags);
  await flags.ensureRows();
  app.decorate("flags", flags);
  app.decorate("mailer", createMailer(database.db, { ...config.mail, publicUrl: config.publicUrl }));
  app.addHook("onClose", async () => app.mailer.close());
  const jobs = await createJobQueue(database.url, config.jobs, (error) => app.log.error({ err: error }, "job queue"));
  app.decorate("jobs", jobs);
  app.decorate("deriveKey", (purpose: string) => deriveKey(authSecret, purpose));
  registerMailDelivery(app.db, app.mailer, jobs);
  app.decorate("notifier", createNotifier({ mailer: app.mailer, jobs }));
  app.decorate("payments", { providers: createPaymentProviders(config.billing), targets: new Map() } satisfies Payments);

  // Before any route: the plugin hooks each route as it is added.
  await registerCompression(app);
  await registerSecurityHeaders(app, config);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Therapy platform API", version: "1.0.0" },
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: `${"clinic"}.session_token` } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs", transformStaticCSP: swaggerUiPolicy });

  registerCsrfProtection(app, config.trustedOrigins);
  // One LISTENing connection per node, for realtime counts and identity changes.
  const listener = new PgListener(database.url, (error) => app.log.warn({ err: error }, "database listener"));
  app.decorate("pgListener", listener);
  app.addHook("onReady", async () => listener.start());
  app.addHook("preClose", async () => listener.stop());
  await registerSessions(app, auth, config);
  // Before the routes that opt in (config.idempotent): resent offline actions run once (issue 43).
  registerIdempotency(app, jobs);
  await registerUploads(app, config);
  await registerRealtime(app, { trustedOrigins: config.trustedOrigins });
  await app.register(notificationsRoutes);
  // Web Push (issue 43.4): before any module, whose notifications may push from the first request.
  await registerPush(app);
  await app.register(healthRoutes);
  await app.register(systemCheckRoutes);
  for (const module of SERVER_MODULES) {
    if (module.needsActivatedOrder) await registerGated(app, config.billing, module.routes);
    else await app.register(module.routes);
  }
  // Scheduled backups (BACKUP_CRON): a job like any other, so one node takes each slot (issue 40.1).
  registerScheduledBackups(app, { db: database.db, databaseUrl: database.url, store: app.uploads, dir: config.backups.dir, commit: config.commit });
  // The daily push of the exercises of the day, swept every few minutes by whichever node claims the slot.
  registerDailyExercisesPush({ db: database.db, jobs });
  // Queues are declared while modules register; workers start once all are known.
  app.addHook("onReady", async () => jobs.start());
  // onClose hooks run once the server has stopped listening and its in-flight requests have
  // answered, and before main.ts ends the pool: timers and listeners that use the pool stop here.
  app.addHook("onClose", async () => jobs.stop(config.shutdownGraceMs));
  // Seals the committed audit records into the chain, one node at a time (issue 34.1).
  let sequencer: AuditSequencer | null = null;
  app.addHook("onReady", async () => {
    if (config.audit.sealDelayMs > 0)
      sequencer = startAuditSequencer(database.db, {
        delayMs: config.audit.sealDelayMs,
        log: { error: (line) => app.log.error(line), info: (line) => app.log.info(line) },
      });
  });
  app.addHook("onClose", async () => sequencer?.stop());

  await registerWebApp(app, webDist ?? defaultWebDist());
  return app;
}
