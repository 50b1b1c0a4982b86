import { PLANNING_MESSAGES } from "@clinic/shared";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { costBody, costFormValues, planningText, templateBody, templateFormValues, templateName, templateTaskTitle } from "./planning-form.ts";

const i18n = i18next.createInstance();
beforeAll(() => initTestI18n(i18n));

const values = (planned: string, actual = "") => ({ category: "venue" as const, supplier: " Hall ", description: "", planned, actual, paid: true });

describe("a cost's amounts", () => {
  it.each([
    ["120", 12_000],
    ["120.5", 12_050],
    ["120,50", 12_050],
    [" 0 ", 0],
    ["0.07", 7],
  ])("reads %j as %i cents", (typed, cents) => {
    expect(costBody(values(typed), "EUR").input?.plannedCents).toBe(cents);
  });

  it("sends the line with the actual amount null until one is typed, the texts trimmed", () => {
    expect(costBody(values("10"), "EUR")).toEqual({
      input: { category: "venue", supplier: "Hall", description: "", plannedCents: 1000, actualCents: null, paid: true },
      errors: [],
    });
    expect(costBody(values("10", "9,99"), "EUR").input?.actualCents).toBe(999);
  });

  it.each([["-5"], ["12.345"], ["1.234,56"], ["ten"], [""], ["1000000.01"]])("refuses %j as the planned amount", (typed) => {
    expect(costBody(values(typed), "EUR")).toEqual({ input: null, errors: ["planned"] });
  });

  it("refuses a negative actual amount, and whole units of a currency without cents", () => {
    expect(costBody(values("10", "-1"), "EUR").errors).toEqual(["actual"]);
    expect(costBody(values("1500"), "JPY").input?.plannedCents).toBe(1500);
    expect(costBody(values("15.5"), "JPY").errors).toEqual(["planned"]);
  });

  it("writes a line's cents back as the language types them", () => {
    const cost = {
      id: 1,
      category: "catering" as const,
      supplier: "Café",
      description: "",
      plannedCents: 12_050,
      actualCents: null,
      paid: false,
      receipt: null,
      createdAt: "",
      updatedAt: "",
    };
    expect(costFormValues(cost, "EUR", "es")).toMatchObject({ planned: "120,50", actual: "" });
    expect(costFormValues({ ...cost, actualCents: 9 }, "EUR", "en")).toMatchObject({ planned: "120.50", actual: "0.09" });
  });
});

describe("a template's form", () => {
  it("sends the name and the rows, days as whole numbers", () => {
    const body = templateBody({ name: " Group ", tasks: [{ title: " Call ", daysBefore: "3" }] });
    expect(body).toEqual({ input: { name: "Group", tasks: [{ title: "Call", daysBefore: 3 }] }, errors: {} });
  });

  it("names each wrong field, and asks for at least one task", () => {
    expect(templateBody({ name: "", tasks: [] }).errors).toEqual({ name: "nameRequired", tasks: "tooFew" });
    expect(
      templateBody({
        name: "X",
        tasks: [
          { title: "", daysBefore: "1" },
          { title: "B", daysBefore: "-1" },
          { title: "C", daysBefore: "366" },
          { title: "D", daysBefore: "1.5" },
        ],
      }).errors,
    ).toEqual({
      "tasks.0.title": "titleRequired",
      "tasks.1.daysBefore": "daysInvalid",
      "tasks.2.daysBefore": "daysInvalid",
      "tasks.3.daysBefore": "daysInvalid",
    });
    expect(templateBody({ name: "X", tasks: Array.from({ length: 51 }, () => ({ title: "T", daysBefore: "1" })) }).errors).toEqual({ tasks: "tooMany" });
  });

  it("starts a new template with one row, an old one with its tasks", () => {
    expect(templateFormValues(null).tasks).toHaveLength(1);
    const template = { id: 3, key: null, name: "Mine", tasks: [{ title: "A", daysBefore: 2 }], clinic: { id: "c", name: "C" }, builtIn: false };
    expect(templateFormValues(template)).toEqual({ name: "Mine", tasks: [{ title: "A", daysBefore: "2" }] });
  });
});

describe("texts", () => {
  it("names the built-ins and their tasks in the reader's language, a clinic's as written", async () => {
    const es = i18n.cloneInstance({ lng: "es" });
    await es.changeLanguage("es");
    expect(templateName(es.t, { key: "workshop", name: "Workshop" })).toBe("Taller");
    expect(templateTaskTitle(es.t, { key: "course" }, 0, "Agree the syllabus")).toBe("Acordar el temario");
    expect(templateName(es.t, { key: null, name: "Group session" })).toBe("Group session");
    expect(templateTaskTitle(es.t, { key: null }, 0, "Call")).toBe("Call");
  });

  it("translates every refusal of the server by key, and leaves others as they came", async () => {
    const es = i18n.cloneInstance({ lng: "es" });
    await es.changeLanguage("es");
    for (const message of Object.values(PLANNING_MESSAGES)) {
      expect(planningText(i18n.t, message)).toBe(message);
      expect(planningText(es.t, message)).not.toBe(message);
    }
    expect(planningText(es.t, "Something else.")).toBe("Something else.");
  });
});
