import { patientActivitiesInputSchema } from "@clinic/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../lib/api.ts";
import { patientActivitiesInput } from "./AssignActivitiesForm.tsx";
import { assignToPatient } from "./api.ts";
import { serverFieldErrors } from "./assignmentFields.ts";

const PATIENT = "6f1c2a0e-8d4b-4c1e-9a53-2b7d9e0f4a11";
const values = { date: "2026-12-02", duration: "20", description: "Twice a day", activate: false, motion: 60 };

afterEach(() => vi.unstubAllGlobals());

describe("assigning activities to the selected patient", () => {
  it("sends spec §7's POST /api/patients-activities/{id} with a body the server's schema takes", async () => {
    const body = patientActivitiesInput([{ id: 4 }, { id: 9 }], values);
    expect(patientActivitiesInputSchema.safeParse(body).success).toBe(true);
    const fetch = vi.fn(async () => new Response(JSON.stringify({ data: [] }), { status: 201 }));
    vi.stubGlobal("fetch", fetch);
    expect(await assignToPatient(PATIENT, body)).toEqual({ data: [] });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect([path, init.method]).toEqual([`/api/patients-activities/${PATIENT}`, "POST"]);
    expect(JSON.parse(init.body as string)).toEqual({
      activities: [4, 9],
      date: "2026-12-02",
      duration: 20,
      description: "Twice a day",
      activate: false,
      motion: 60,
    });
  });

  it("puts the server's field errors of that call on the form's fields", async () => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ activities: ["Not found."], date: ["Enter a valid day."] }), { status: 400 }));
    const refused = await assignToPatient(PATIENT, patientActivitiesInput([{ id: 4 }], values)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(serverFieldErrors((refused as ApiError).fieldErrors)).toEqual({ activities: "Not found.", date: "Enter a valid day." });
  });
});
