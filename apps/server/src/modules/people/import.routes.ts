import {
  IMPORT_FAILED_DETAIL,
  importFormSchema,
  importPreviewSchema,
  importProgressParamSchema,
  importProgressSchema,
  importResultSchema,
  type Language,
  patientsExportQuerySchema,
  staffExportQuerySchema,
} from "@clinic/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor, requireModule, requirePermission } from "../../platform/access.ts";
import { type AuditEvent, audited } from "../../platform/audit.ts";
import { badRequest, type FieldErrors } from "../../platform/errors.ts";
import { type ExportColumn, sendExport } from "../../platform/exports.ts";
import { receiveMultipart } from "../../platform/multipart.ts";
import { readSheet, type SheetRows } from "./import-file.ts";
import { assertCanImport, importPeople, importProgress, previewOf, progressReporter } from "./import.service.ts";
import { exportPatientRows } from "./patients.service.ts";
import { assertStaff } from "./people.service.ts";
import { exportStaffRows } from "./staff.service.ts";

const clinicModule = requireModule("clinic");
const canRead = [clinicModule, requirePermission("view_user", "change_user")];
const canChange = [clinicModule, requirePermission("change_user")];
const tags = ["patients"];

/** The uploaded sheet and the form's fields, checked; the staged file is gone when this returns. */
async function receiveSheet(app: FastifyInstance, request: FastifyRequest) {
  const { maxBytes, maxRows } = app.config.imports;
  const form = await receiveMultipart(request, app.uploads.stagingDir, "file", () => maxBytes);
  try {
    const errors: FieldErrors = { ...form.errors };
    const parsed = importFormSchema.safeParse(form.fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "detail");
        errors[key] = [...(errors[key] ?? []), issue.message];
      }
    }
    if (!form.staged) errors.file = ["Choose a CSV or XLSX file."];
    if (Object.keys(errors).length > 0 || !parsed.success || !form.staged) throw badRequest(errors);
    const sheet: SheetRows = await readSheet(form.staged.tempPath, form.staged.head, maxRows);
    return { fields: parsed.data, sheet };
  } finally {
    await form.staged?.discard();
  }
}

const HEADERS: Record<Language, Record<string, string>> = {
  en: {
    nombres: "Given names",
    apellidos: "Surnames",
    email: "Email",
    identification: "Identification",
    language: "Language",
    clinic: "Clinic",
    therapists: "Therapists",
    patients: "Patients",
    active: "Active",
    invitationPending: "Invitation pending",
    createdAt: "Created",
    yes: "yes",
    no: "no",
  },
  es: {
    nombres: "Nombres",
    apellidos: "Apellidos",
    email: "Correo electrónico",
    identification: "Identificación",
    language: "Idioma",
    clinic: "Clínica",
    therapists: "Terapeutas",
    patients: "Pacientes",
    active: "Activo",
    invitationPending: "Invitación pendiente",
    createdAt: "Creado",
    yes: "sí",
    no: "no",
  },
};

interface PersonExportRow {
  nombres: string;
  apellidos: string;
  email: string;
  identification: string;
  language: string;
  clinicName: string | null;
  isActive: boolean;
  invitationPending: boolean;
  createdAt: string;
}

/** The columns of a person's row: the importable fields first, so an export imports back. */
function personColumns<T extends PersonExportRow>(language: Language, extra: ExportColumn<T>[]): ExportColumn<T>[] {
  const h = HEADERS[language];
  const yesNo = (value: boolean) => (value ? h.yes : h.no);
  return [
    { header: h.nombres, value: (row) => row.nombres },
    { header: h.apellidos, value: (row) => row.apellidos },
    { header: h.email, value: (row) => row.email, width: 32 },
    { header: h.identification, value: (row) => row.identification },
    { header: h.language, value: (row) => row.language, width: 10 },
    { header: h.clinic, value: (row) => row.clinicName ?? "" },
    ...extra,
    { header: h.active, value: (row) => yesNo(row.isActive), width: 10 },
    { header: h.invitationPending, value: (row) => yesNo(row.invitationPending), width: 12 },
    { header: h.createdAt, value: (row) => row.createdAt.slice(0, 10), width: 12 },
  ];
}

/** User import from CSV/XLSX (preview, then all-or-nothing import) and the patient and therapist exports. */
export const userImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/user-import/preview",
    {
      preValidation: canChange,
      schema: {
        tags,
        summary: "Read an import file (multipart: `file`, `kind`, `clinicId`): its header row, a suggested column mapping and the first rows",
        consumes: ["multipart/form-data"],
        response: { 200: importPreviewSchema },
      },
    },
    async (request) => {
      // Refuse who may not import before reading a single uploaded byte.
      assertCanImport(requireActor(request));
      const { sheet } = await receiveSheet(app, request);
      return previewOf(sheet);
    },
  );

  app.post(
    "/api/user-import/",
    {
      preValidation: canChange,
      schema: {
        tags,
        summary: `Import patients or therapists (multipart: \`file\`, \`kind\`, \`clinicId\`, \`mapping\` as JSON): all rows or none; 400 "${IMPORT_FAILED_DETAIL}" with \`rowErrors\``,
        consumes: ["multipart/form-data"],
        response: { 201: importResultSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      assertCanImport(actor);
      const { fields, sheet } = await receiveSheet(app, request);
      if (!fields.mapping) throw badRequest({ mapping: ["Choose which column fills each field."] });
      const mapping = fields.mapping;
      const event: AuditEvent = { action: "people.import", detail: { kind: fields.kind, clinicId: fields.clinicId ?? null, rows: sheet.rows.length } };
      const report = fields.progressId ? progressReporter(app.db, fields.progressId, actor.id, sheet.rows.length) : undefined;
      try {
        const result = await audited(request, event, () => importPeople(app, actor, { kind: fields.kind, clinicId: fields.clinicId, mapping }, sheet, report));
        return reply.status(201).send(result);
      } catch (error) {
        await report?.("failed", 0);
        throw error;
      }
    },
  );

  app.get(
    "/api/user-import/:id/progress",
    {
      preValidation: canChange,
      schema: {
        tags,
        summary: "How far the caller's own running import has got (the `progressId` it sent); 404 for anyone else's",
        params: importProgressParamSchema,
        response: { 200: importProgressSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      assertCanImport(actor);
      return importProgress(app.db, actor, request.params.id);
    },
  );

  app.get(
    "/api/user-patients/export",
    {
      preValidation: canRead,
      schema: { tags, summary: "The patients list as filtered, as a CSV or XLSX file", querystring: patientsExportQuerySchema },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      assertStaff(actor);
      const { format, language, ...filters } = request.query;
      const rows = await audited(request, { action: "patient.export", detail: { ...filters, format } }, () =>
        exportPatientRows(app.db, actor, filters, app.config.exports.maxRows),
      );
      const lang = language ?? (actor.language === "es" ? "es" : "en");
      const therapists = {
        header: HEADERS[lang].therapists,
        value: (row: (typeof rows)[number]) => row.therapists.map((t) => `${t.nombres} ${t.apellidos}`.trim()).join(", "),
        width: 32,
      };
      return sendExport(reply, format, lang === "es" ? "pacientes" : "patients", personColumns(lang, [therapists]), rows);
    },
  );

  app.get(
    "/api/staff/export",
    {
      preValidation: canRead,
      schema: { tags: ["clinics"], summary: "The therapists list as filtered, as a CSV or XLSX file", querystring: staffExportQuerySchema },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      assertStaff(actor);
      const { format, language, ...filters } = request.query;
      const rows = await exportStaffRows(app.db, actor, filters, app.config.exports.maxRows);
      const lang = language ?? (actor.language === "es" ? "es" : "en");
      const patients = { header: HEADERS[lang].patients, value: (row: (typeof rows)[number]) => row.patients, width: 10 };
      return sendExport(reply, format, lang === "es" ? "terapeutas" : "therapists", personColumns(lang, [patients]), rows);
    },
  );
};
