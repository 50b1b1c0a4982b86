import {
  assignableRecommendationSchema,
  assignListRecommendationsQuerySchema,
  givenRecommendationSchema,
  giveRecommendationsResultSchema,
  giveRecommendationsSchema,
  pagedSchema,
  patientIdParamSchema,
  patientRecommendationsQuerySchema,
  patientUserParamSchema,
  removeRecommendationQuerySchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor, requireModule, requirePermission } from "../../../platform/access.ts";
import { audited } from "../../../platform/audit.ts";
import { giveRecommendations, listAssignableRecommendations, listGivenRecommendations, removeRecommendation } from "./recommendation-assignments.service.ts";

const tags = ["recommendation assignments"];
/**
 * Giving is guarded by change_recommendation (the assign/recommendation screen) or
 * change_assignactivity (nutritionPlans, which gives nutrition recommendations the same way).
 */
const canGive = [requireModule("clinic"), requirePermission("change_recommendation", "change_assignactivity")];
/** Reading a patient's list: staff who see recommendations or assignments, and patients (view_recommendation) for themselves. */
const canRead = [requireModule("clinic"), requirePermission("view_recommendation", "change_recommendation", "view_assign_activity", "change_assignactivity")];

export const recommendationAssignmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/assignListRecommendations/",
    {
      preValidation: canGive,
      schema: {
        tags,
        summary: "Recommendations the caller can give (`q` searches names; `patient` marks those that patient has; `nutrition=true` keeps nutrition ones)",
        querystring: assignListRecommendationsQuerySchema,
        response: { 200: pagedSchema(assignableRecommendationSchema) },
      },
    },
    async (request) => {
      const run = () => listAssignableRecommendations(app.db, requireActor(request), request.query);
      // Naming a patient reads what that patient has been given: a read of patient data.
      const patient = request.query.patient;
      return patient ? audited(request, { action: "patient.recommendations.read", subjectUserId: patient }, run) : run();
    },
  );

  app.get(
    "/api/patients-recommendations/:id",
    {
      preValidation: canRead,
      schema: {
        tags,
        summary: "The recommendations given to patient {id}, newest first (a patient reads their own)",
        params: patientIdParamSchema,
        querystring: patientRecommendationsQuerySchema,
        response: { 200: pagedSchema(givenRecommendationSchema) },
      },
    },
    async (request) =>
      audited(request, { action: "patient.recommendations.read", subjectUserId: request.params.id }, () =>
        listGivenRecommendations(app.db, requireActor(request), request.params.id, request.query),
      ),
  );

  app.post(
    "/api/patients-recommendations/:id",
    {
      preValidation: canGive,
      schema: {
        tags,
        summary: "Give recommendations to patient {id}: all or none; ones already given are ignored",
        params: patientIdParamSchema,
        body: giveRecommendationsSchema,
        response: { 200: giveRecommendationsResultSchema },
      },
    },
    async (request) =>
      audited(
        request,
        { action: "patient.recommendations.give", subjectUserId: request.params.id, detail: { recommendations: request.body.recommendations } },
        () => giveRecommendations(app.db, requireActor(request), request.params.id, request.body.recommendations, app.notifier),
      ),
  );

  app.put(
    "/api/patient/:idUser/",
    {
      preValidation: canGive,
      schema: {
        tags,
        summary: "Take recommendation `idRecommendation` back from patient {idUser}",
        params: patientUserParamSchema,
        querystring: removeRecommendationQuerySchema,
      },
    },
    async (request, reply) => {
      const { idUser } = request.params;
      const { idRecommendation } = request.query;
      await audited(request, { action: "patient.recommendations.remove", subjectUserId: idUser, detail: { recommendation: idRecommendation } }, () =>
        removeRecommendation(app.db, requireActor(request), idUser, idRecommendation),
      );
      return reply.status(204).send();
    },
  );
};
