import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { emptyListText } from "./empty-list.ts";
import { initTestI18n } from "./test-i18n.ts";

beforeAll(() => initTestI18n(i18next));
afterEach(() => i18next.changeLanguage("en"));

const t = i18next.t.bind(i18next);

describe("emptyListText", () => {
  it("says there is nothing yet without a search, and that nothing matches a search, quoting it", () => {
    expect(emptyListText(t, "", "activities.empty", "activities.noMatch")).toBe("No activities yet.");
    expect(emptyListText(t, "   ", "activities.empty", "activities.noMatch")).toBe("No activities yet.");
    expect(emptyListText(t, " xyz ", "activities.empty", "activities.noMatch")).toBe("No activities match “xyz”.");
    expect(emptyListText(t, "<b>&", "activities.empty", "activities.noMatch")).toBe("No activities match “<b>&”.");
  });

  it("speaks Spanish with Spanish quotes", async () => {
    await i18next.changeLanguage("es");
    expect(emptyListText(t, "", "activities.empty", "activities.noMatch")).toBe("Aún no hay actividades.");
    expect(emptyListText(t, "xyz", "activities.empty", "activities.noMatch")).toBe("Ninguna actividad coincide con «xyz».");
  });
});
