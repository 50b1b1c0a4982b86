import {
  clinicInputSchema,
  clinicRowSchema,
  clinicsQuerySchema,
  idParamSchema,
  pagedSchema,
  patientCreateSchema,
  patientRowSchema,
  patientsQuerySchema,
  patientUpdateSchema,
  staffCreateSchema,
  staffQuerySchema,
  staffRowSchema,
  staffUpdateSchema,
  withInvitation,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor, requireAdmin, requireModule, requirePermission } from "../../platform/access.ts";
import { type AuditEvent, audited } from "../../platform/audit.ts";
import { createClinic, getClinic, listClinics, updateClinic } from "./clinics.service.ts";
import { createPatient, getPatient, listPatients, updatePatient } from "./patients.service.ts";
import { assertStaff } from "./people.service.ts";
import { createStaff, listStaff, updateStaff } from "./staff.service.ts";

const clinicModule = requireModule("clinic");
const adminOnly = [clinicModule, requireAdmin];
const canRead = [clinicModule, requirePermission("view_user", "change_user")];
const canChange = [clinicModule, requirePermission("change_user")];

/** Clinics (§2 `users`), their therapists, and patients (§3, §7 `GET /api/user-patients/`). */
export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/clinics/",
    {
      preValidation: adminOnly,
      schema: {
        tags: ["clinics"],
        summary: "Clinics with the membership each holds today and the seats in use (admins)",
        querystring: clinicsQuerySchema,
        response: { 200: pagedSchema(clinicRowSchema) },
      },
    },
    async (request) => listClinics(app.db, request.query),
  );

  app.post(
    "/api/clinics/",
    {
      preValidation: adminOnly,
      schema: {
        tags: ["clinics"],
        summary: "Create a clinic account; its owner is emailed an invitation to choose a password",
        body: clinicInputSchema,
        response: { 201: withInvitation(clinicRowSchema) },
      },
    },
    async (request, reply) => {
      const event: AuditEvent = { action: "clinic.create", detail: { email: request.body.email } };
      const created = await audited(request, event, async () => {
        const row = await createClinic(app, requireActor(request), request.body);
        event.subjectUserId = row.id;
        return row;
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/api/clinics/:id",
    {
      preValidation: canRead,
      schema: {
        tags: ["clinics"],
        summary: "One clinic (admins; the clinic itself and its therapists)",
        params: idParamSchema,
        response: { 200: clinicRowSchema },
      },
    },
    async (request) => getClinic(app.db, requireActor(request), request.params.id),
  );

  app.put(
    "/api/clinics/:id",
    {
      preValidation: adminOnly,
      schema: {
        tags: ["clinics"],
        summary: "Edit a clinic account (admins)",
        params: idParamSchema,
        body: clinicInputSchema,
        response: { 200: clinicRowSchema },
      },
    },
    async (request) =>
      audited(request, { action: "clinic.update", subjectUserId: request.params.id }, () =>
        updateClinic(app.db, requireActor(request), request.params.id, request.body),
      ),
  );

  app.get(
    "/api/staff/",
    {
      preValidation: canRead,
      schema: {
        tags: ["clinics"],
        summary: "Therapists: a clinic's own team, a therapist's colleagues, every clinic's for admins (`clinic` filters)",
        querystring: staffQuerySchema,
        response: { 200: pagedSchema(staffRowSchema) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      assertStaff(actor);
      return listStaff(app.db, actor, request.query);
    },
  );

  app.post(
    "/api/staff/",
    {
      preValidation: canChange,
      schema: {
        tags: ["clinics"],
        summary: "Add a therapist to a clinic (the clinic itself, or admins naming `clinicId`); takes a therapist seat (409 at the limit)",
        body: staffCreateSchema,
        response: { 201: withInvitation(staffRowSchema) },
      },
    },
    async (request, reply) => {
      const event: AuditEvent = { action: "staff.create", detail: { email: request.body.email } };
      const created = await audited(request, event, async () => {
        const row = await createStaff(app, requireActor(request), request.body);
        event.subjectUserId = row.id;
        return row;
      });
      return reply.status(201).send(created);
    },
  );

  app.put(
    "/api/staff/:id",
    {
      preValidation: canChange,
      schema: {
        tags: ["clinics"],
        summary: "Edit a therapist (their clinic, admins)",
        params: idParamSchema,
        body: staffUpdateSchema,
        response: { 200: staffRowSchema },
      },
    },
    async (request) =>
      audited(request, { action: "staff.update", subjectUserId: request.params.id }, () =>
        updateStaff(app.db, requireActor(request), request.params.id, request.body),
      ),
  );

  app.get(
    "/api/user-patients/",
    {
      preValidation: canRead,
      schema: {
        tags: ["patients"],
        summary: "Patients in scope: a therapist's care team, a clinic's own, all for admins (`q`, `clinic`, `therapist`, `active`)",
        querystring: patientsQuerySchema,
        response: { 200: pagedSchema(patientRowSchema) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      assertStaff(actor);
      const { q, clinic, therapist, active, page } = request.query;
      return audited(request, { action: "patient.list", detail: { q, clinic, therapist, active, page } }, () => listPatients(app.db, actor, request.query));
    },
  );

  app.post(
    "/api/user-patients/",
    {
      preValidation: canChange,
      schema: {
        tags: ["patients"],
        summary: "Add a patient to a clinic with their therapists; takes a patient seat (409 at the limit)",
        body: patientCreateSchema,
        response: { 201: withInvitation(patientRowSchema) },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      assertStaff(actor);
      const event: AuditEvent = { action: "patient.create", detail: { email: request.body.email } };
      const created = await audited(request, event, async () => {
        const row = await createPatient(app, actor, request.body);
        event.subjectUserId = row.id;
        return row;
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/api/user-patients/:id",
    {
      preValidation: canRead,
      schema: { tags: ["patients"], summary: "One patient in scope", params: idParamSchema, response: { 200: patientRowSchema } },
    },
    async (request) => {
      const actor = requireActor(request);
      assertStaff(actor);
      return audited(request, { action: "patient.read", subjectUserId: request.params.id }, () => getPatient(app.db, actor, request.params.id));
    },
  );

  app.put(
    "/api/user-patients/:id",
    {
      preValidation: canChange,
      schema: {
        tags: ["patients"],
        summary: "Edit a patient and their therapists",
        params: idParamSchema,
        body: patientUpdateSchema,
        response: { 200: patientRowSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      assertStaff(actor);
      return audited(request, { action: "patient.update", subjectUserId: request.params.id }, () =>
        updatePatient(app.db, actor, request.params.id, request.body),
      );
    },
  );
};
