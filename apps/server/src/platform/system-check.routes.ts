import path from "node:path";
import { auditTrailStatusSchema, systemCheckReportSchema, testEmailOutcomeSchema, testEmailSchema } from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor, requireAdmin } from "./access.ts";
import { audited } from "./audit.ts";
import { auditTrailStatus, registerAuditVerification, today, verifyPendingDays } from "./audit-verifications.ts";
import { runSystemChecks, sendTestEmail } from "./system-check.ts";

/** The host (and port) of SMTP_URL, never its credentials. */
function smtpHostOf(smtpUrl: string | undefined): string | null {
  if (!smtpUrl) return null;
  try {
    return new URL(smtpUrl).host;
  } catch {
    return null;
  }
}

/** The admins' system check (§2 `test`) and its test email. */
export const systemCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["system-check"];
  const { config } = app;
  registerAuditVerification(app.db, app.jobs);

  app.get(
    "/api/system-check/",
    {
      preValidation: [requireAdmin],
      schema: {
        tags,
        summary:
          "Run every system check at once (admins): database, migrations, job queue, storage round trip, mail transport, last backup, versions; each green or red with its reason",
        response: { 200: systemCheckReportSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return runSystemChecks({
        db: app.db,
        jobs: app.jobs,
        jobSettings: config.jobs,
        store: app.uploads,
        storage: config.uploads.s3 ? { backend: "s3", location: config.uploads.s3.bucket } : { backend: "disk", location: path.resolve(config.uploads.dir) },
        mail: { transport: app.mailer.transport, smtpHost: smtpHostOf(config.mail.smtpUrl) },
        commit: config.commit,
        backups: config.backups,
      });
    },
  );

  app.post(
    "/api/system-check/email",
    {
      preValidation: [requireAdmin],
      schema: {
        tags,
        summary: "Send a test email to an address (admins): over SMTP when configured (502 when the server refuses it), else into the outbox",
        body: testEmailSchema,
        response: { 200: testEmailOutcomeSchema, 502: z.object({ detail: z.string() }) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return audited(request, { action: "system-check.email", detail: { to: request.body.to } }, () =>
        sendTestEmail(app.mailer, request.body.to, actor.language),
      );
    },
  );

  app.post(
    "/api/system-check/audit-trail/verify",
    {
      preValidation: [requireAdmin],
      schema: {
        tags,
        summary:
          "Verify the audit trail's hash chains now (admins): the days not verified yet, today's included, as the nightly job does; answers the stored result",
        response: { 200: auditTrailStatusSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return audited(request, { action: "system-check.audit-verify" }, async () => {
        await verifyPendingDays(app.db, "admin", today());
        return auditTrailStatus(app.db);
      });
    },
  );
};
