import { INVITATION_DAYS, type InvitationInfo, type Language } from "@clinic/shared";
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { users, verifications } from "../../db/schema.ts";
import type { Actor } from "../../platform/access.ts";
import { STORED_RESET_PREFIX, storedResetIdentifier } from "../../platform/auth.ts";
import { HttpError } from "../../platform/errors.ts";
import type { MailOutcome, OutgoingMail } from "../../platform/mail.ts";

/**
 * Invitations: an account made in the app has no password; its owner gets an email with a
 * link to /accounts/set-password/?token=… and chooses one. The token is better-auth's own
 * reset-password token (a `reset-password:<token>` verification, stored hashed, see
 * platform/auth.ts), so choosing the password is better-auth's reset-password call.
 */

const TOKEN_PREFIX = "reset-password:";
export const SET_PASSWORD_PATH = "/accounts/set-password/";

/** A fresh token, stored (hashed) for `userId` for INVITATION_DAYS, inside the caller's transaction. */
export async function storeInvitation(tx: Db, userId: string): Promise<string> {
  const [token] = await storeInvitations(tx, [userId]);
  if (!token) throw new Error("No invitation stored");
  return token;
}

/** Fresh tokens for many users (a user import), in order, stored with one INSERT per 500. */
export async function storeInvitations(tx: Db, userIds: readonly string[]): Promise<string[]> {
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  const rows = await Promise.all(
    userIds.map(async (userId) => {
      const token = randomBytes(32).toString("base64url");
      return { token, row: { id: randomUUID(), identifier: await storedResetIdentifier(`${TOKEN_PREFIX}${token}`), value: userId, expiresAt } };
    }),
  );
  for (let start = 0; start < rows.length; start += 500) {
    await tx.insert(verifications).values(rows.slice(start, start + 500).map(({ row }) => row));
  }
  return rows.map(({ token }) => token);
}

/** Ends every open invitation of the user (a resend replaces them; deactivation revokes them). */
export async function revokeInvitations(tx: Db, userId: string): Promise<void> {
  await tx.delete(verifications).where(and(like(verifications.identifier, `${STORED_RESET_PREFIX}%`), eq(verifications.value, userId)));
}

/** A 400 about the token, with a `code` the page explains (expired: ask again; invalid: used or wrong). */
function tokenError(code: "TOKEN_EXPIRED" | "TOKEN_INVALID"): HttpError {
  const message = code === "TOKEN_EXPIRED" ? "This link has expired. Ask for a new invitation." : "This link is not valid or has already been used.";
  return new HttpError(400, { token: [message], code });
}

/** Who the token is for (to greet them on the page), or 400 when it is expired, used or unknown. */
export async function checkInvitation(db: Db, token: string): Promise<InvitationInfo & { userId: string }> {
  const identifier = await storedResetIdentifier(`${TOKEN_PREFIX}${token}`);
  const [row] = await db
    .select({
      expiresAt: verifications.expiresAt,
      userId: users.id,
      email: users.email,
      nombres: users.nombres,
      language: users.language,
      isActive: users.isActive,
    })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(eq(verifications.identifier, identifier))
    .orderBy(sql`${verifications.createdAt} desc`)
    .limit(1);
  if (!row?.isActive) throw tokenError("TOKEN_INVALID");
  if (row.expiresAt.getTime() < Date.now()) throw tokenError("TOKEN_EXPIRED");
  return { userId: row.userId, email: row.email, nombres: row.nombres, language: row.language === "es" ? "es" : "en" };
}

/** Sets the first password through better-auth's reset-password call, which consumes the token once. */
export async function acceptInvitation(app: FastifyInstance, token: string, password: string): Promise<{ userId: string; email: string }> {
  const invited = await checkInvitation(app.db, token);
  try {
    await app.auth.api.resetPassword({ body: { token, newPassword: password } });
  } catch (error) {
    // Used in the meantime (the consume is atomic), or refused by better-auth's own rules.
    if ((error as { statusCode?: number }).statusCode === 400) throw tokenError("TOKEN_INVALID");
    throw error;
  }
  return { userId: invited.userId, email: invited.email };
}

/** The name an invitation gives as its sender: the clinic (and the therapist), or none for the platform. */
export async function inviterOf(db: Db, actor: Actor): Promise<string | null> {
  if (actor.isAdmin) return null;
  const own = `${actor.nombres} ${actor.apellidos}`.trim();
  if (actor.role !== "therapist" || !actor.clinicId) return own;
  const [clinic] = await db.select({ name: users.name }).from(users).where(eq(users.id, actor.clinicId));
  return clinic ? `${own} (${clinic.name})` : own;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const TEXTS: Record<
  Language,
  {
    subject: string;
    greeting: (name: string) => string;
    body: (inviter: string | null, email: string) => string;
    choose: string;
    button: string;
    signIn: string;
    ignore: string;
  }
> = {
  en: {
    subject: "Your account on the Therapy platform",
    greeting: (name) => `Hello ${name},`,
    body: (inviter, email) =>
      `${inviter ?? "The platform team"} created an account for you on the Therapy platform. You sign in with this email address: ${email}.`,
    choose: `Choose your password with this link (valid for ${INVITATION_DAYS} days):`,
    button: "Choose my password",
    signIn: "Then sign in at:",
    ignore: "If you were not expecting this email, you can ignore it.",
  },
  es: {
    subject: "Su cuenta en la plataforma de terapia",
    greeting: (name) => `Hola, ${name}:`,
    body: (inviter, email) =>
      `${inviter ?? "El equipo de la plataforma"} creó una cuenta para usted en la plataforma de terapia. Para iniciar sesión, use este correo electrónico: ${email}.`,
    choose: `Elija su contraseña con este enlace (válido durante ${INVITATION_DAYS} días):`,
    button: "Elegir mi contraseña",
    signIn: "Después inicie sesión en:",
    ignore: "Si no esperaba este mensaje, puede ignorarlo.",
  },
};

/** The invitation email in the invitee's language. */
export function invitationMail(input: { language: Language; name: string; email: string; inviter: string | null; link: string; loginLink: string }) {
  const t = TEXTS[input.language];
  const body = t.body(input.inviter, input.email);
  const text = [t.greeting(input.name), "", body, "", t.choose, input.link, "", t.signIn, input.loginLink, "", t.ignore].join("\n");
  const html = [
    `<p>${escapeHtml(t.greeting(input.name))}</p>`,
    `<p>${escapeHtml(body)}</p>`,
    `<p>${escapeHtml(t.choose)}</p>`,
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(t.button)}</a></p>`,
    `<p>${escapeHtml(t.signIn)} <a href="${escapeHtml(input.loginLink)}">${escapeHtml(input.loginLink)}</a></p>`,
    `<p>${escapeHtml(t.ignore)}</p>`,
  ].join("\n");
  return { subject: t.subject, text, html };
}

/** The invitation email to `person`, in their language, as the outbox stores it. */
export function invitationMessage(
  app: FastifyInstance,
  person: { id: string; email: string; name: string; language: Language },
  token: string,
  inviter: string | null,
): OutgoingMail {
  const link = app.mailer.link(`${SET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`);
  const mail = invitationMail({
    language: person.language,
    name: person.name,
    email: person.email,
    inviter,
    link,
    loginLink: app.mailer.link("/accounts/login/"),
  });
  return { to: person.email, ...mail, kind: "invitation", userId: person.id };
}

/** Emails the invitation (after the caller's transaction committed): SMTP or the outbox. */
export function sendInvitation(
  app: FastifyInstance,
  person: { id: string; email: string; name: string; language: Language },
  token: string,
  inviter: string | null,
): Promise<MailOutcome> {
  return app.mailer.send(invitationMessage(app, person, token, inviter));
}
