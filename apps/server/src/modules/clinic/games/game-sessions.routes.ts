import { gameSessionFiguresSchema, gameTrialSchema, gameTrialsQuerySchema, numericIdParamSchema, pagedSchema } from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor, requireModule, requirePermission } from "../../../platform/access.ts";
import { type AuditEvent, audited } from "../../../platform/audit.ts";
import { listAssignmentSessions, sessionTrials } from "./game-sessions.service.ts";

const tags = ["game results"];
/** Staff who see assignments read their results (patients see their figures in the player itself). */
const canRead = [requireModule("clinic"), requirePermission("view_assign_activity", "change_assignactivity")];

/** The played sessions of a game assignment and their trials, for the therapist's results dialog. */
export const gameSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/assignActivity/:id/game-sessions",
    {
      preValidation: canRead,
      schema: {
        tags,
        summary:
          "The game sessions played for assignment {id}, newest first, in pages of {data, page, total}: each with its figures " +
          "(times, levels, motion, dizziness before and after) and the metrics computed from its trials. Staff with the patient in scope",
        params: numericIdParamSchema,
        querystring: gameTrialsQuerySchema,
        response: { 200: pagedSchema(gameSessionFiguresSchema) },
      },
    },
    async (request) => {
      const event: AuditEvent = { action: "patient.game-sessions.list", detail: { assignment: request.params.id } };
      return audited(request, event, async () => {
        const { patientId, ...page } = await listAssignmentSessions(app.db, requireActor(request), request.params.id, request.query);
        event.subjectUserId = patientId;
        return page;
      });
    },
  );

  app.get(
    "/api/game-sessions/:id/trials",
    {
      preValidation: canRead,
      schema: {
        tags,
        summary:
          "Game session {id}'s figures and a page of its trials in the order played (times in ms from the session's start). " +
          "Staff with the session's patient in scope (their therapist, their clinic, admins); 404 otherwise",
        params: numericIdParamSchema,
        querystring: gameTrialsQuerySchema,
        response: { 200: pagedSchema(gameTrialSchema).extend({ session: gameSessionFiguresSchema }) },
      },
    },
    async (request) => {
      const event: AuditEvent = { action: "patient.game-session.read", detail: { session: request.params.id } };
      return audited(request, event, async () => {
        const { patientId, ...page } = await sessionTrials(app.db, requireActor(request), request.params.id, request.query);
        event.subjectUserId = patientId;
        return page;
      });
    },
  );
};
