import {
  formArchiveSchema,
  formFieldsSchema,
  formInputSchema,
  formSchema,
  formSearchParamsSchema,
  formsPageSchema,
  formsQuerySchema,
  numericIdParamSchema,
} from "@clinic/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor, requireModule, requirePermission } from "../../../platform/access.ts";
import { forbidden } from "../../../platform/errors.ts";
import { keptAnswer } from "../../../platform/kept-answers.ts";
import { isPatientCaller } from "./form-assignments.service.ts";
import { archiveForm, createForm, deleteForm, formFields, getForm, listForms, searchForms, updateForm } from "./forms.service.ts";

const tags = ["dynamic forms"];
/** Staff: view_form without being a patient (patients reach forms only through their assignments). */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  if (isPatientCaller(requireActor(request))) throw forbidden();
}
export const staffOnly = [requireModule("clinic"), requirePermission("view_form"), requireStaff];

/** The form builder's calls (spec §7, issue 17): the platform's forms and the caller's clinic's. */
export const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/forms/",
    {
      preValidation: staffOnly,
      config: { keptAnswer: true },
      schema: {
        tags,
        summary: "Forms the caller can use (the platform's and their clinic's); `archived=true` lists the archived ones; `page` is the total (spec §3)",
        querystring: formsQuerySchema,
        response: { 200: formsPageSchema },
      },
    },
    async (request, reply) => keptAnswer(app.db, request, reply, () => listForms(app.db, requireActor(request), request.query)),
  );

  app.get(
    "/api/search-form/:q/",
    {
      preValidation: staffOnly,
      config: { keptAnswer: true },
      schema: {
        tags,
        summary: "The first 20 forms not archived whose name holds {q}",
        params: formSearchParamsSchema,
        response: { 200: formsPageSchema },
      },
    },
    async (request, reply) => keptAnswer(app.db, request, reply, () => searchForms(app.db, requireActor(request), request.params.q)),
  );

  app.get(
    "/api/form/:id",
    {
      preValidation: staffOnly,
      schema: { tags, summary: "One form with its current version's questions and scoring", params: numericIdParamSchema, response: { 200: formSchema } },
    },
    async (request) => getForm(app.db, requireActor(request), request.params.id),
  );

  app.post(
    "/api/create-form/",
    {
      preValidation: staffOnly,
      schema: { tags, summary: "Create a form (the caller's clinic's; an admin's is the platform's)", body: formInputSchema, response: { 201: formSchema } },
    },
    async (request, reply) => reply.status(201).send(await createForm(app.db, requireActor(request), request.body)),
  );

  app.put(
    "/api/delete-update-form/:id",
    {
      preValidation: staffOnly,
      schema: {
        tags,
        summary: "Update a form: in place while no answer exists, else as a new version that unanswered assignments move to",
        params: numericIdParamSchema,
        body: formInputSchema,
        response: { 200: formSchema },
      },
    },
    async (request) => updateForm(app.db, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    "/api/delete-update-form/:id",
    { preValidation: staffOnly, schema: { tags, summary: "Delete a form that has no answers (409 otherwise: archive it)", params: numericIdParamSchema } },
    async (request, reply) => {
      await deleteForm(app.db, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    "/api/forms/:id/archive",
    {
      preValidation: staffOnly,
      schema: {
        tags,
        summary: "Archive a form (it can no longer be assigned; its results stay) or bring it back",
        params: numericIdParamSchema,
        body: formArchiveSchema,
        response: { 200: formSchema },
      },
    },
    async (request) => archiveForm(app.db, requireActor(request), request.params.id, request.body.archived),
  );

  app.get(
    "/api/fields/:id",
    {
      preValidation: staffOnly,
      schema: { tags, summary: "The questions of form {id}'s current version", params: numericIdParamSchema, response: { 200: formFieldsSchema } },
    },
    async (request) => formFields(app.db, requireActor(request), request.params.id),
  );
};
