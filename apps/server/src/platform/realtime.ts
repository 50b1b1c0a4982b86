import websocket from "@fastify/websocket";
import { type ChatRealtime, REALTIME_PATH, type RealtimeMessage } from "@clinic/shared";
import { and, gt, inArray, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import type { Db } from "../db/client.ts";
import { sessions } from "../db/schema.ts";
import { clinicOf, requireActor } from "./access.ts";
import { SESSION_COOKIE_PREFIX } from "./auth.ts";
import { crossSiteRefused, originOf, ownOrigin } from "./csrf.ts";
import { HttpError } from "./errors.ts";
import { NOTIFICATION_CHANNEL, unreadCounts } from "./notifications.ts";
import { parseCookieHeader } from "./session-identity.ts";

/**
 * The realtime piece (ARCHITECTURE.md): browsers hold a WebSocket at /api/realtime on whichever
 * app node they reached; a notification written on any node NOTIFYs PostgreSQL, and each node's
 * one listening connection pushes the new unread count to the sockets of the users named. The
 * socket carries counts only: the list (the API) stays the truth, read again on each message
 * and when the socket is down.
 */

const PING_MS = 30_000;
const MAX_SOCKETS_PER_USER = 20;

export interface RealtimeOptions {
  trustedOrigins: readonly string[];
}

declare module "fastify" {
  interface FastifyInstance {
    /** The realtime piece's periodic check, run at once (tests): dead sockets and ended sessions are closed. */
    realtimeSweep(): Promise<void>;
  }
}

const SESSION_COOKIES = [`${SESSION_COOKIE_PREFIX}.session_token`, `__Secure-${SESSION_COOKIE_PREFIX}.session_token`];

/** The session token of a handshake whose cookie the session lookup has already verified (the part before the signature). */
function sessionTokenOf(cookieHeader: string | undefined): string | null {
  const cookies = parseCookieHeader(cookieHeader ?? "");
  const signed = SESSION_COOKIES.map((name) => cookies.get(name)).find((value) => value !== undefined);
  return signed ? signed.slice(0, signed.lastIndexOf(".")) : null;
}

/** The channel of clinic-wide events (the messaging chat): each node passes them to the sockets of those they concern. */
export const CLINIC_CHANNEL = "clinic_events";

/**
 * An event for a clinic's staff (its account, its therapists, and platform admins) and, when
 * `patientId` is given, that patient; `exceptUserId` (who caused it) is left out. Ids only,
 * never content: the browser asks the API, which checks access. Sent when `tx` commits.
 */
export interface ClinicEvent {
  clinicId: string;
  patientId: string | null;
  exceptUserId?: string;
  message: ChatRealtime;
}

export async function publishClinicEvent(tx: Db, event: ClinicEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${CLINIC_CHANNEL}, ${JSON.stringify(event)})`);
}

/** Who a socket's user is, as clinic events need it. */
interface Audience {
  userId: string;
  isAdmin: boolean;
  isPatient: boolean;
  /** The clinic a staff member works in. */
  clinic: string | null;
}

function concerns(audience: Audience, event: ClinicEvent): boolean {
  if (audience.userId === event.exceptUserId) return false;
  if (audience.isPatient) return audience.userId === event.patientId;
  return audience.isAdmin || audience.clinic === event.clinicId;
}

/** Closes with this code a socket whose session has ended (signed out, expired): the browser signs in again. */
export const SESSION_ENDED_CODE = 4401;

/** The signed-in user of a socket request, refused as an HTTP answer before the upgrade (401; 403 from another site's page). */
function admit(request: FastifyRequest, trusted: ReadonlySet<string>): void {
  requireActor(request);
  // Browsers always send Origin on a WebSocket handshake, and cookies ride along whatever page
  // opened it: only the app's own pages (or trusted origins) may open one.
  const origin = request.headers.origin;
  if (origin !== undefined && !(trusted.has(origin) || origin === ownOrigin(request))) throw crossSiteRefused(origin);
}

export async function registerRealtime(app: FastifyInstance, options: RealtimeOptions): Promise<void> {
  const trusted = new Set(options.trustedOrigins.map((origin) => originOf(origin)).filter((origin) => origin !== null));
  const sockets = new Map<string, Set<WebSocket>>();
  /** Each socket's session token and liveness (it answered the last ping). */
  const facts = new Map<WebSocket, { token: string | null; alive: boolean; audience: Audience }>();
  await app.register(websocket, { options: { maxPayload: 1024 } });

  const send = (socket: WebSocket, message: RealtimeMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const push = async (ids: readonly string[]) => {
    const connected = ids.filter((id) => sockets.has(id));
    if (connected.length === 0) return;
    const counts = await unreadCounts(app.db, connected);
    for (const [id, unread] of counts) for (const socket of sockets.get(id) ?? []) send(socket, { type: "notifications", unread });
  };
  const pushSafely = (ids: readonly string[]) => push(ids).catch((error) => app.log.error({ err: error }, "realtime push"));
  app.pgListener.subscribe(NOTIFICATION_CHANNEL, {
    message: (payload) => {
      const ids = JSON.parse(payload) as unknown;
      if (Array.isArray(ids)) void pushSafely(ids.filter((id): id is string => typeof id === "string"));
    },
    // What was NOTIFYed while no connection listened is lost: every socket gets its count afresh.
    listening: (again) => {
      if (again) void pushSafely([...sockets.keys()]);
    },
  });
  app.pgListener.subscribe(CLINIC_CHANNEL, {
    message: (payload) => {
      const event = JSON.parse(payload) as ClinicEvent;
      for (const [socket, fact] of facts) if (concerns(fact.audience, event)) send(socket, event.message);
    },
  });

  app.route({
    method: "GET",
    url: REALTIME_PATH,
    preValidation: async (request) => admit(request, trusted),
    schema: {
      tags: ["notifications"],
      summary:
        "The realtime WebSocket (signed in, same origin): pushes `{ type: 'notifications', unread }` and the messaging chat's events (ids only); a plain GET answers 426",
    },
    handler: async () => {
      throw new HttpError(426, { detail: "Open this address as a WebSocket." });
    },
    wsHandler: (socket, request) => {
      const actor = requireActor(request);
      const userId = actor.id;
      const own = sockets.get(userId) ?? new Set<WebSocket>();
      if (own.size >= MAX_SOCKETS_PER_USER) {
        socket.close(1008, "Too many connections");
        return;
      }
      own.add(socket);
      sockets.set(userId, own);
      const audience = { userId, isAdmin: actor.isAdmin, isPatient: actor.role === "patient", clinic: clinicOf(actor) };
      const fact = { token: sessionTokenOf(request.headers.cookie), alive: true, audience };
      facts.set(socket, fact);
      socket.on("pong", () => {
        fact.alive = true;
      });
      socket.on("close", () => {
        facts.delete(socket);
        own.delete(socket);
        if (own.size === 0 && sockets.get(userId) === own) sockets.delete(userId);
      });
      // Messages from the browser mean nothing here.
      socket.on("message", () => {});
      // The count as it is now, so a browser that reconnects after a gap is right at once.
      void pushSafely([userId]);
    },
  });

  /**
   * Every PING_MS: a socket that did not answer the last ping is dropped, and one whose session
   * has ended (signed out elsewhere, expired, deleted) is closed, so a socket never outlives
   * its session by more than that. One query for all the node's sockets.
   */
  const sweep = async () => {
    const open = [...facts.entries()];
    for (const [socket, fact] of open) {
      if (!fact.alive) socket.terminate();
      fact.alive = false;
      socket.ping();
    }
    const tokens = [...new Set(open.map(([, fact]) => fact.token).filter((token) => token !== null))];
    const live = tokens.length
      ? new Set(
          (
            await app.db
              .select({ token: sessions.token })
              .from(sessions)
              .where(and(inArray(sessions.token, tokens), gt(sessions.expiresAt, new Date())))
          ).map((row) => row.token),
        )
      : new Set<string>();
    for (const [socket, fact] of open) if (fact.token === null || !live.has(fact.token)) socket.close(SESSION_ENDED_CODE, "Session ended");
  };
  app.decorate("realtimeSweep", sweep);
  let sweeper: NodeJS.Timeout | null = null;

  app.addHook("onReady", async () => {
    sweeper = setInterval(() => void sweep().catch((error) => app.log.warn({ err: error }, "realtime sweep")), PING_MS);
    sweeper.unref();
  });
  app.addHook("preClose", async () => {
    if (sweeper) clearInterval(sweeper);
    for (const own of sockets.values()) for (const socket of own) socket.close(1001, "Server shutting down");
  });
}
