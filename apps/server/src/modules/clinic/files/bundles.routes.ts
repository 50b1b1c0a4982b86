import { bundleAccessSchema, numericIdParamSchema } from "@clinic/shared";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor, requireAuth, requireModule } from "../../../platform/access.ts";
import { BUNDLE_POLICY, CAPABILITY_PATTERN, signCapability, verifyCapability } from "../../../platform/bundles.ts";
import { bundleEntries } from "../../../platform/bundles.table.ts";
import { forbidden, notFound } from "../../../platform/errors.ts";
import { canDownload } from "../../../platform/uploads.ts";
import { uploads } from "../../../platform/uploads.table.ts";
import { activities } from "../activities/activities.table.ts";
import { assignedActivities } from "../assignments/assignments.table.ts";
import { files } from "./files.table.ts";

const CAPABILITY_PURPOSE = "game-bundle-capability";

const bundlePathSchema = z.object({
  capability: z.string().max(120).regex(CAPABILITY_PATTERN, "Not an address to a game."),
  // A bundle path as unpacking allows it (bundles.ts safeEntryPath); empty means index.html.
  "*": z
    .string()
    .max(400)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    .regex(/^[^\\\u0000-\u001f\u007f]*$/, "Not a path of a game."),
});

/**
 * Uploaded game bundles: an authenticated, scope-checked call gives the play page a short-lived
 * signed address; the bundle's files are served under it. A sandboxed frame (no
 * allow-same-origin) has an opaque origin and carries no session cookie, so the address is the
 * right to read; answers allow any origin without credentials.
 */
export function registerBundleRoutes(app: FastifyInstance): void {
  const key = app.deriveKey(CAPABILITY_PURPOSE);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    "/api/files/:id/bundle",
    {
      preValidation: [requireModule("clinic"), requireAuth],
      schema: {
        tags: ["files"],
        summary: "A signed address, valid for minutes, to load a Game file's unpacked bundle (staff of its clinic, patients it is assigned to)",
        params: numericIdParamSchema,
        response: { 200: bundleAccessSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      // A Game file by link, or a zip stored before bundles were unpacked, has no index.html to play.
      const [row] = await app.db
        .select({ fileId: files.id, type: files.type, uploadId: uploads.id, clinicId: uploads.clinicId })
        .from(files)
        .innerJoin(uploads, eq(uploads.id, files.uploadId))
        .innerJoin(bundleEntries, and(eq(bundleEntries.uploadId, uploads.id), eq(bundleEntries.path, "index.html")))
        .where(eq(files.id, request.params.id));
      if (row?.type !== "Game") throw notFound();
      if (!(await canDownload(app.db, actor, { id: row.uploadId, clinicId: row.clinicId }))) throw forbidden();
      const expiresAt = new Date(Date.now() + app.config.bundles.accessMinutes * 60_000);
      // A patient's address holds while an active assignment plays the file; staff preview it.
      const capability = signCapability(key, row.fileId, actor.id, expiresAt, actor.role === "patient" ? "p" : "s");
      return reply.header("cache-control", "no-store").send({ url: `/bundles/${capability}/index.html`, expiresAt: expiresAt.toISOString() });
    },
  );

  typed.get(
    "/bundles/:capability/*",
    {
      schema: {
        tags: ["files"],
        summary: "A file of an uploaded game bundle, under a capability from GET /api/files/{id}/bundle; served with the bundle's own policy",
        params: bundlePathSchema,
      },
    },
    async (request, reply) => {
      const granted = verifyCapability(key, request.params.capability);
      // Expired, forged, for another file or a deactivated assignment: answered as a path that is not there, nothing told.
      if (!granted) throw notFound("This address to the game has expired or is not valid.");
      const entryPath = request.params["*"] || "index.html";
      const [entry] = await app.db
        .select({ storageKey: bundleEntries.storageKey, mime: bundleEntries.mime, encoding: bundleEntries.encoding, size: bundleEntries.size })
        .from(files)
        .innerJoin(bundleEntries, eq(bundleEntries.uploadId, files.uploadId))
        .where(
          and(
            eq(files.id, granted.fileId),
            eq(files.type, "Game"),
            eq(bundleEntries.path, entryPath),
            // In the same statement: a patient's address ends the moment no active assignment plays this file.
            granted.mode === "p"
              ? sql`exists (select 1 from ${assignedActivities} aa join ${activities} a on a.id = aa.activity_id
                  where aa.patient_id = ${granted.viewerId} and aa.activate and a.file_id = ${files.id})`
              : undefined,
          ),
        );
      if (!entry) throw notFound();
      let body: NodeJS.ReadableStream;
      try {
        body = await app.uploads.read(entry.storageKey);
      } catch (error) {
        request.log.error({ err: error, file: granted.fileId, path: entryPath }, "bundle bytes missing");
        throw notFound();
      }
      // The app's own framing refusal would keep the play page from showing its game.
      reply.raw.removeHeader("x-frame-options");
      reply
        .header("content-security-policy", BUNDLE_POLICY)
        .header("x-content-type-options", "nosniff")
        .header("access-control-allow-origin", "*")
        // The play page is cross-origin isolated: its frame must opt in, and the opaque-origin frame's loads need cross-origin CORP.
        .header("cross-origin-embedder-policy", "require-corp")
        .header("cross-origin-resource-policy", "cross-origin")
        .header("referrer-policy", "no-referrer")
        // The address is the right to read and ends with it: cache as long as it lasts, for this browser only.
        .header("cache-control", "private, max-age=600")
        .header("content-type", entry.mime)
        .header("content-length", entry.size);
      if (entry.encoding) reply.header("content-encoding", entry.encoding).header("vary", "accept-encoding");
      return reply.send(body);
    },
  );
}
