import { GROUP, invitationInfoSchema } from "@clinic/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, readUser, type TestApp } from "../../../test/app.ts";
import { type MadeClinic, makeClinic, makeUser } from "../../../test/factories.ts";
import { caller, lastMailTo, newEmail, tokenIn } from "../../../test/people.ts";
import { startSmtpServer, type TestSmtpServer } from "../../../test/smtp.ts";
import { accounts, verifications } from "../../db/schema.ts";
import { mailMessages } from "../../platform/mail.table.ts";
import { DEMO_ACCOUNTS, type DemoRole } from "../../seed-demo-data.ts";

let t: TestApp;
let call: ReturnType<typeof caller>;
let other: MadeClinic;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  other = await makeClinic(t.db);
});
afterAll(() => t?.close());

const NEW_PASSWORD = "Chosen-password-2026";
const check = (token: string) => call("POST", "/api/invitations/check", undefined, { token });
const accept = (token: string, password = NEW_PASSWORD) => call("POST", "/api/invitations/accept", undefined, { token, password });

/** An admin creates a clinic through the API: answers the new account and the token of its emailed link. */
async function inviteClinic(language: "en" | "es" = "en") {
  const email = newEmail("clinic");
  const response = await call("POST", "/api/clinics/", await t.loginAs("admin"), { name: "Clínica Sur", identification: "CS-1", email, language });
  expect(response.statusCode).toBe(201);
  const mail = await lastMailTo(t.db, email);
  return { id: response.json().id as string, email, mail, token: tokenIn(mail.text), response };
}

describe("an account made in the app is invited to choose its password", () => {
  it("has no password, and its owner gets an email with a 7-day link in the outbox", async () => {
    const { id, email, mail, response } = await inviteClinic();
    expect(response.json().invitation).toEqual({ status: "outbox", error: null });
    expect(response.json().invitationPending).toBe(true);
    expect(mail).toMatchObject({ kind: "invitation", status: "outbox", userId: id, subject: "Your account on the Therapy platform" });
    expect(mail.text).toContain("Hello Clínica Sur,");
    expect(mail.text).toContain(`sign in with this email address: ${email}`);
    expect(mail.text).toContain("valid for 7 days");
    expect(mail.text).toContain("http://localhost:8000/accounts/set-password/?token=");
    expect(mail.html).toContain('<a href="http://localhost:8000/accounts/set-password/?token=');
    const stored = await t.db.select().from(accounts).where(eq(accounts.userId, id));
    expect(stored).toEqual([]);
    expect((await t.signIn(email, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it("writes the email in the new user's language", async () => {
    const { mail } = await inviteClinic("es");
    expect(mail.subject).toBe("Su cuenta en la plataforma de terapia");
    expect(mail.text).toContain("Hola, Clínica Sur:");
    expect(mail.text).toContain("válido durante 7 días");
  });

  it("names the clinic (and the therapist) who made the account", async () => {
    const email = newEmail("patient");
    const response = await call("POST", "/api/user-patients/", await t.loginAs("therapist"), {
      nombres: "Lucía",
      apellidos: "Vega",
      identification: "",
      email,
      language: "en",
    });
    expect(response.statusCode).toBe(201);
    expect((await lastMailTo(t.db, email)).text).toContain("Tomás Herrera (Clínica Vestibular Norte) created an account for you");
  });

  it("stores the token hashed: the verifications table never holds the link's token", async () => {
    const { id, token } = await inviteClinic();
    const rows = await t.db.select().from(verifications).where(eq(verifications.value, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.identifier).toMatch(/^invitation:[A-Za-z0-9_-]{43}$/);
    expect(rows[0]?.identifier).not.toContain(token);
    const days = ((rows[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    // The stored form is no token either (better-auth's fallback looks plain identifiers up).
    const hash = (rows[0]?.identifier ?? "").slice("invitation:".length);
    expect((await check(hash)).statusCode).toBe(400);
    expect((await accept(hash)).statusCode).toBe(400);
  });
});

describe("the set-password flow through the HTTP API", () => {
  it("checks the link, sets the password once, then the user signs in with it", async () => {
    const { email, token, id } = await inviteClinic("es");
    const checked = await check(token);
    expect(checked.statusCode).toBe(200);
    expect(invitationInfoSchema.parse(checked.json())).toEqual({ email, nombres: "Clínica Sur", language: "es" });

    const short = await accept(token, "short-1");
    expect(short.statusCode).toBe(400);
    expect(short.json().password).toEqual([expect.any(String)]);

    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ email });
    const cookie = await t.login(email, NEW_PASSWORD);
    const profile = await call("GET", "/api/get-user-profile/", cookie);
    expect(profile.json()).toMatchObject({ userId: id, userData: { groups: [GROUP.clinic] } });

    // Used once: the same link is refused after, with a code the page explains.
    expect((await accept(token, "Another-password-2026")).json()).toEqual({ token: [expect.any(String)], code: "TOKEN_INVALID" });
    expect((await check(token)).json().code).toBe("TOKEN_INVALID");
    expect((await t.signIn(email, "Another-password-2026")).statusCode).toBe(401);
    expect((await call("GET", `/api/users/?q=${encodeURIComponent(email)}`, await t.loginAs("admin"))).json().data[0].invitationPending).toBe(false);
  });

  it("refuses an expired link with TOKEN_EXPIRED and sets nothing", async () => {
    const { id, email, token } = await inviteClinic();
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, id));
    const checked = await check(token);
    expect(checked.statusCode).toBe(400);
    expect(checked.json()).toEqual({ token: ["This link has expired. Ask for a new invitation."], code: "TOKEN_EXPIRED" });
    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(400);
    expect(accepted.json().code).toBe("TOKEN_EXPIRED");
    expect((await t.signIn(email, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it.each([
    ["an unknown token", { token: "x".repeat(43) }, "token"],
    ["a missing token", {}, "token"],
    ["a blank token", { token: "   " }, "token"],
    ["an unknown field", { token: "abc", email: "x@example.com" }, "email"],
  ])("check refuses %s with 400", async (_label, payload, field) => {
    const response = await call("POST", "/api/invitations/check", undefined, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual([expect.any(String)]);
  });

  it.each([
    ["a missing password", { token: "abc" }, "password"],
    ["a too long password", { token: "abc", password: "p".repeat(129) }, "password"],
    ["a number for a password", { token: "abc", password: 1234567890123 }, "password"],
  ])("accept refuses %s with 400", async (_label, payload, field) => {
    const response = await call("POST", "/api/invitations/accept", undefined, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual([expect.any(String)]);
  });
});

describe("POST /api/users/:id/invitation (resend)", () => {
  it("sends a new link; the earlier one stops working", async () => {
    const { id, email, token } = await inviteClinic();
    const response = await call("POST", `/api/users/${id}/invitation`, await t.loginAs("admin"));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "outbox", error: null });
    const fresh = tokenIn((await lastMailTo(t.db, email)).text);
    expect(fresh).not.toBe(token);
    expect((await check(token)).json().code).toBe("TOKEN_INVALID");
    expect((await accept(fresh)).statusCode).toBe(200);
    expect((await t.signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("answers 409 once the password is chosen, and for a deactivated account", async () => {
    const admin = await t.loginAs("admin");
    const chosen = await makeUser(t.db, { groups: [GROUP.clinic] });
    const resend = await call("POST", `/api/users/${chosen.id}/invitation`, admin);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().detail).toMatch(/already chosen a password/);

    const { id, token } = await inviteClinic();
    expect((await call("PUT", `/api/users/${id}/active`, admin, { isActive: false })).statusCode).toBe(200);
    // Deactivation revoked the open link too.
    expect((await check(token)).json().code).toBe("TOKEN_INVALID");
    expect((await call("POST", `/api/users/${id}/invitation`, admin)).statusCode).toBe(409);
  });

  describe("who may resend", () => {
    let pendingTherapist: string;
    let pendingPatient: string;
    let untreatedPatient: string;
    beforeAll(async () => {
      const made = async (url: string, cookie: string, body: Record<string, unknown>) => {
        const response = await call("POST", url, cookie, { identification: "", language: "en", email: newEmail(), ...body });
        expect(response.statusCode).toBe(201);
        return response.json().id as string;
      };
      const clinic = await t.loginAs("clinic");
      pendingTherapist = await made("/api/staff/", clinic, { nombres: "Nora", apellidos: "Gil" });
      pendingPatient = await made("/api/user-patients/", clinic, { nombres: "Iván", apellidos: "Paz", therapistIds: [t.ids.therapist] });
      untreatedPatient = await made("/api/user-patients/", clinic, { nombres: "Eva", apellidos: "Sol" });
    });

    const cases: [string, DemoRole, () => string, number][] = [
      ["clinic → its therapist", "clinic", () => pendingTherapist, 200],
      ["clinic → its patient", "clinic", () => untreatedPatient, 200],
      ["therapist → a patient in its care", "therapist", () => pendingPatient, 200],
      ["therapist → a patient not in its care", "therapist", () => untreatedPatient, 404],
      ["therapist → a colleague", "therapist", () => pendingTherapist, 403],
      ["clinic → a user of another clinic", "clinic", () => other.therapist.id, 404],
      ["therapist → a user of another clinic", "therapist", () => other.patient.id, 404],
      ["patient → anyone", "patient", () => pendingPatient, 403],
      ["clinic → an unknown id", "clinic", () => "00000000-0000-0000-0000-000000000000", 404],
    ];
    it.each(cases.map(([label, role, target, status]) => ({ label, role, target, status })))("$label answers $status", async ({ role, target, status }) => {
      const before = await t.db.select().from(mailMessages);
      const response = await call("POST", `/api/users/${target()}/invitation`, await t.loginAs(role));
      expect(response.statusCode).toBe(status);
      const after = await t.db.select().from(mailMessages);
      expect(after.length - before.length).toBe(status === 200 ? 1 : 0);
    });

    it("answers 401 when not signed in", async () => {
      expect((await call("POST", `/api/users/${pendingTherapist}/invitation`)).statusCode).toBe(401);
    });
  });
});

describe("the demo accounts keep their passwords", () => {
  it.each(Object.keys(DEMO_ACCOUNTS) as DemoRole[])("%s signs in with its password and has no invitation", async (role) => {
    expect((await t.signIn(DEMO_ACCOUNTS[role].email, DEMO_ACCOUNTS[role].password)).statusCode).toBe(200);
    expect(await t.db.select().from(verifications).where(eq(verifications.value, t.ids[role]))).toEqual([]);
    expect((await readUser(t.db, t.ids[role])).isActive).toBe(true);
  });
});

describe("with SMTP_URL set", () => {
  let smtp: TestSmtpServer;
  let s: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    s = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: "Clinic <hello@clinic.test>" } });
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it("emails the invitation over SMTP, records it sent, and the link sets the password", async () => {
    const email = newEmail("therapist");
    const response = await caller(s)("POST", "/api/staff/", await s.loginAs("clinic"), {
      nombres: "Marta",
      apellidos: "Ríos",
      identification: "T-9",
      email,
      language: "es",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().invitation).toEqual({ status: "sent", error: null });
    expect(await lastMailTo(s.db, email)).toMatchObject({ status: "sent", attempts: 1, kind: "invitation" });
    const received = smtp.messages.find((message) => message.to.includes(email));
    expect(received?.from).toBe("hello@clinic.test");
    expect(received?.decoded).toContain("Elija su contraseña");
    const token = tokenIn(received?.decoded ?? "");
    expect((await caller(s)("POST", "/api/invitations/accept", undefined, { token, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await s.signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("still creates the account when the SMTP server refuses the message, and records the failure", async () => {
    const refusing = await startSmtpServer({ rejectRecipients: true });
    const r = await createTestApp({ env: { SMTP_URL: refusing.url } });
    try {
      const email = newEmail("patient");
      const response = await caller(r)("POST", "/api/user-patients/", await r.loginAs("clinic"), {
        nombres: "Hugo",
        apellidos: "Luna",
        identification: "",
        email,
        language: "en",
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().invitation).toEqual({ status: "failed", error: expect.stringMatching(/Mailbox unavailable/) });
      expect(await lastMailTo(r.db, email)).toMatchObject({ status: "failed", error: expect.stringMatching(/Mailbox unavailable/) });
      // The account exists; a resend is recorded the same way.
      const resend = await caller(r)("POST", `/api/users/${response.json().id}/invitation`, await r.loginAs("clinic"));
      expect(resend.statusCode).toBe(200);
      expect(resend.json().status).toBe("failed");
    } finally {
      await r.close();
      await refusing.close();
    }
  });
});
