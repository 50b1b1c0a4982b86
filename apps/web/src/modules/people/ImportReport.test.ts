import type { ImportRowError } from "@clinic/shared";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { allTranslations } from "../../lib/test-texts.ts";
import { rowErrorText } from "./ImportReport.tsx";

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { translation: allTranslations.en }, es: { translation: allTranslations.es } },
  lng: "es",
  interpolation: { escapeValue: false },
});
const spanish = i18n.getFixedT("es");
const english = i18n.getFixedT("en");

const error = (overrides: Partial<ImportRowError>): ImportRowError => ({
  row: 2,
  field: "email",
  code: "invalid",
  message: "Invalid email address",
  ...overrides,
});

describe("rowErrorText", () => {
  it("words each refusal in the user's language, with its figures", () => {
    expect(rowErrorText(spanish, error({}))).toBe("No es un correo electrónico válido.");
    expect(rowErrorText(english, error({}))).toBe("This is not a valid email address.");
    expect(rowErrorText(spanish, error({ code: "duplicate", params: { first: 4 } }))).toBe("Este correo también está en la fila 4 del archivo.");
    expect(rowErrorText(english, error({ field: "language" }))).toBe("Write en or es (English or Spanish).");
    expect(rowErrorText(english, error({ field: null, code: "seats", params: { limit: 3, used: 1, free: 2, wanted: 4, kind: "patient" } }))).toBe(
      "The clinic's membership allows 3 patients and 1 are in use, so 2 more can be imported; this file has 4.",
    );
  });
});
