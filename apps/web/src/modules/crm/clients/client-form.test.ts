import type { CrmClient } from "@clinic/shared";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { cleanTags, clientFormValues, clientInputOf, clientText, timelineText } from "./client-form.ts";

const client: CrmClient = {
  id: 7,
  clinicId: "c",
  kind: "person",
  firstName: "Lucía",
  lastName: "Gómez",
  organisation: "",
  name: "Lucía Gómez",
  email: null,
  phone: "+34 600",
  city: "Madrid",
  address: "",
  consent: true,
  consentAt: "2026-01-01T00:00:00.000Z",
  unsubscribedAt: null,
  ownerId: "agent-1",
  ownerName: "Marta",
  userId: null,
  tags: ["vip"],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

describe("the client dialog's values", () => {
  it("starts empty for a new client, and from the client to change one (no email: empty text)", () => {
    expect(clientFormValues(null)).toMatchObject({ kind: "person", email: "", ownerId: null, tags: [], consent: false });
    expect(clientFormValues(client)).toMatchObject({ firstName: "Lucía", email: "", ownerId: "agent-1", tags: ["vip"], consent: true });
  });

  it("sends no email for empty text, and the owner only for who may choose it", () => {
    const values = { ...clientFormValues(client), email: "  " };
    expect(clientInputOf(values, true)).toMatchObject({ email: null, ownerId: "agent-1" });
    expect(clientInputOf(values, false)).not.toHaveProperty("ownerId");
    expect(clientInputOf({ ...values, email: " a@b.es " }, false).email).toBe("a@b.es");
  });
});

describe("helpers", () => {
  it("cleans typed tags: trimmed, no empties or repeats", () => {
    expect(cleanTags([" vip ", "", "vip", "Madrid"])).toEqual(["vip", "Madrid"]);
  });

  it("translates the server's refusals by key, keeping the ids they name", () => {
    const t = ((key: string) => `[${key}]`) as unknown as TFunction;
    expect(clientText(t, "Another client of the clinic has this email.")).toBe("[crmClients.refusals.emailTaken]");
    expect(clientText(t, "Choose clients of the clinic. (12, 40)")).toBe("[crmClients.refusals.notClinicClient] (12, 40)");
    expect(clientText(t, "Something else.")).toBe("Something else.");
  });
});

describe("timeline lines", () => {
  it("names what happened, then its text; an edit's fields as the form calls them", () => {
    const t = ((key: string) => `[${key}]`) as unknown as TFunction;
    expect(timelineText(t, { kind: "created", summary: "" })).toBe("[crmClients.timeline.kinds.created]");
    expect(timelineText(t, { kind: "note", summary: "First call" })).toBe("[crmClients.timeline.kinds.note]: First call");
    expect(timelineText(t, { kind: "edited", summary: "city, ownerId" })).toBe(
      "[crmClients.timeline.kinds.edited]: [crmClients.fields.city], [crmClients.fields.owner]",
    );
  });

  it("words a call's outcome and an imported row in the reader's language, and leaves a subject as written", () => {
    const t = ((key: string, values?: { row?: string }) => `[${key}${values?.row ? ` ${values.row}` : ""}]`) as unknown as TFunction;
    expect(timelineText(t, { kind: "call", summary: "no_answer: First contact" })).toBe(
      "[crmClients.timeline.kinds.call]: [crmClients.timeline.outcomes.no_answer]: First contact",
    );
    expect(timelineText(t, { kind: "call_changed", summary: "converted" })).toBe(
      "[crmClients.timeline.kinds.call_changed]: [crmClients.timeline.outcomes.converted]",
    );
    expect(timelineText(t, { kind: "meeting", summary: "answered: a subject" })).toBe("[crmClients.timeline.kinds.meeting]: answered: a subject");
    expect(timelineText(t, { kind: "imported", summary: "12" })).toBe("[crmClients.timeline.kinds.imported]: [crmClients.timeline.importedRow 12]");
  });
});
