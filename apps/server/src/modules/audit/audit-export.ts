import type { AuditRecord } from "@clinic/shared";
import type { ExportColumn } from "../../platform/exports.ts";

const HEADERS = {
  en: ["Time (UTC)", "Actor", "Actor's role", "Actor's id", "Person concerned", "Person's id", "Action", "Outcome", "IP address", "Detail", "Record"],
  es: [
    "Hora (UTC)",
    "Autor",
    "Rol del autor",
    "Id del autor",
    "Persona afectada",
    "Id de la persona",
    "Acción",
    "Resultado",
    "Dirección IP",
    "Detalle",
    "Registro",
  ],
} as const;

const ROLES = {
  en: { admin: "Administrator", clinic: "Clinic", therapist: "Therapist", patient: "Patient" },
  es: { admin: "Administrador", clinic: "Clínica", therapist: "Terapeuta", patient: "Paciente" },
} as const;
const OUTCOMES = { en: { ok: "Done", refused: "Refused" }, es: { ok: "Hecho", refused: "Rechazado" } } as const;
const JOB = { en: "System (job)", es: "Sistema (tarea)" } as const;

/** The audit records' columns in the reader's language; the time as UTC text a spreadsheet sorts. */
export function auditExportColumns(language: string): ExportColumn<AuditRecord>[] {
  const lang = language === "es" ? "es" : "en";
  const h = HEADERS[lang];
  return [
    { header: h[0], value: (r) => r.at.slice(0, 19).replace("T", " "), width: 20 },
    { header: h[1], value: (r) => (r.actor ? (r.actor.name ?? "") : JOB[lang]), width: 28 },
    { header: h[2], value: (r) => (r.actor?.role ? ROLES[lang][r.actor.role] : ""), width: 14 },
    { header: h[3], value: (r) => r.actor?.id ?? "", width: 38 },
    { header: h[4], value: (r) => r.subject?.name ?? "", width: 28 },
    { header: h[5], value: (r) => r.subject?.id ?? "", width: 38 },
    { header: h[6], value: (r) => r.action, width: 30 },
    { header: h[7], value: (r) => OUTCOMES[lang][r.outcome], width: 12 },
    { header: h[8], value: (r) => r.ip ?? "", width: 16 },
    { header: h[9], value: (r) => (r.detail ? JSON.stringify(r.detail) : ""), width: 40 },
    { header: h[10], value: (r) => r.id, width: 10 },
  ];
}
