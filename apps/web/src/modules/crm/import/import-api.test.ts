import { CRM_IMPORT_ERROR_CODES, CRM_IMPORT_FIELDS, type CrmImportRowError } from "@clinic/shared";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { localeResources } from "../../../lib/test-texts.ts";
import { cleanMapping, fileErrorText, importForm, mappingProblem, progressView, reportRows, rowErrorText } from "./import-api.ts";

const resources = await localeResources();
const i18n = i18next.createInstance();
await i18n.init({ resources: { en: { translation: resources.en }, es: { translation: resources.es } }, lng: "en", interpolation: { escapeValue: false } });
const english = i18n.getFixedT("en");
const spanish = i18n.getFixedT("es");

const error = (overrides: Partial<CrmImportRowError>): CrmImportRowError => ({ row: 3, field: "email", code: "invalid", message: "x", ...overrides });

describe("the clients import's report", () => {
  it("names the field and words the reason in the user's language", () => {
    const errors = [
      error({}),
      error({ row: 5, code: "duplicate", params: { first: 2 } }),
      error({ row: 6, field: "tags", code: "formula" }),
      error({ row: 7, field: null }),
    ];
    expect(reportRows(english, errors)).toEqual([
      { row: 3, column: "Email", message: "This is not a valid email address." },
      { row: 5, column: "Email", message: "This email is also on row 2 of the file." },
      { row: 6, column: "Tags (separated by ; or ,)", message: "This cell starts like a formula (= + - @): type its value instead." },
      { row: 7, column: "—", message: "This value is not valid." },
    ]);
    expect(reportRows(spanish, [error({ code: "emailTaken" })])).toEqual([
      { row: 3, column: "Correo electrónico", message: "La clínica ya tiene un cliente con este correo." },
    ]);
  });

  it("has a text for every code and field the server can name, in both languages", () => {
    for (const t of [english, spanish]) {
      for (const field of CRM_IMPORT_FIELDS) expect(t(`crmImport.fields.${field}`)).not.toContain("crmImport.");
      for (const code of CRM_IMPORT_ERROR_CODES)
        for (const field of [...CRM_IMPORT_FIELDS, null])
          expect(rowErrorText(t, error({ code, field, params: { first: 2, max: 120 } }))).not.toMatch(/crmImport\.|\{\{/);
    }
  });

  it("words the file's refusals in Spanish too, keeping the limit", () => {
    const message = "The file has too many rows: at most 20000 rows can be imported at once. Split it into smaller files.";
    expect(fileErrorText(spanish, message)).toBe(
      "El archivo tiene demasiadas filas: se pueden importar 20000 como máximo de una vez. Divídalo en archivos más pequeños.",
    );
    expect(fileErrorText(english, "Choose the clinic.")).toBe("Choose the clinic first.");
    expect(fileErrorText(english, "Something else.")).toBe("Something else.");
  });
});

describe("the mapping", () => {
  it("needs a name column and one field per column, and sends only the fields given a column", () => {
    expect(mappingProblem({ email: 0 })).toBe("noName");
    expect(mappingProblem({ organisation: 1, email: 1 })).toBe("repeated");
    expect(mappingProblem({ firstName: 0, email: 1 })).toBeNull();
    expect(cleanMapping({ firstName: 0, lastName: undefined, email: 2 })).toEqual({ firstName: 0, email: 2 });
  });

  it("sends the clinic, the mapping, the list and the progress id before the file", () => {
    const form = importForm(new File(["a"], "c.csv"), { clinicId: "c1", mapping: { firstName: 0 }, listId: 4, progressId: "p" });
    expect([...form.keys()]).toEqual(["clinicId", "mapping", "listId", "progressId", "file"]);
    expect(form.get("mapping")).toBe('{"firstName":0}');
    expect([...importForm(new File(["a"], "c.csv")).keys()]).toEqual(["file"]);
  });
});

describe("the progress bar", () => {
  it("shows the upload, then the check, then the rows written", () => {
    expect(progressView(english, null, 0.5)).toEqual({ label: "Sending the file… 50%", value: 50 });
    expect(progressView(english, null, 1)).toEqual({ label: "Reading the file…", value: null });
    expect(progressView(english, { phase: "checking", done: 0, total: 200 }, 1)).toEqual({ label: "Checking 200 rows…", value: 0 });
    expect(progressView(spanish, { phase: "writing", done: 100, total: 200 }, 1)).toEqual({ label: "Guardando 100 de 200 clientes…", value: 50 });
  });
});
