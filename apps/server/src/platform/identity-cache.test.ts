import { GROUP, type GroupId } from "@clinic/shared";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, secondNode, TEST_PUBLIC_URL, type TestApp } from "../../test/app.ts";
import { makeUser } from "../../test/factories.ts";
import { countStatements, describeStatements, isIdentityStatement } from "../../test/statements.ts";
import type { Database } from "../db/client.ts";
import { userGroups } from "../db/schema.ts";
import type { Actor } from "./access.ts";
import { IdentityCache } from "./identity-cache.ts";
import { LISTENER_NAME } from "./pg-listener.ts";

/**
 * Identities kept in memory (identity-cache.ts): node A and node B are two whole apps on one
 * database, as behind a load balancer. What either node, or anyone writing to the database,
 * changes about a session's identity reaches the other's next requests.
 */

let a: TestApp;
let b: Awaited<ReturnType<typeof secondNode>>;
let nodeB: FastifyInstance;
let databaseB: Database;

beforeAll(async () => {
  a = await createTestApp();
  b = await secondNode(a);
  ({ app: nodeB, database: databaseB } = b);
  await nodeB.ready();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const profileOn = (node: FastifyInstance, cookie: string) => node.inject({ method: "GET", url: "/api/user-profile/", headers: { cookie } });

/** The identity statements a profile read on `node` sends, and its status. */
async function identityReads(node: FastifyInstance, pool: pg.Pool, cookie: string) {
  const { result, statements } = await countStatements(pool, () => profileOn(node, cookie));
  return { status: result.statusCode, identity: statements.filter(isIdentityStatement).length, statements };
}

/** Node B's answer to the profile call, asked until it is `status` (a notification takes a moment to cross), at most 3 s. */
async function untilNodeBAnswers(cookie: string, status: number): Promise<number> {
  const deadline = Date.now() + 3_000;
  let seen = 0;
  while (Date.now() < deadline) {
    seen = (await profileOn(nodeB, cookie)).statusCode;
    if (seen === status) return seen;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return seen;
}

/** A fresh user of the demo clinic in `group`, signed in: their cookie. */
async function signedIn(group: GroupId) {
  const user = await makeUser(a.db, { groups: [group], clinicId: a.ids.clinic });
  return { user, cookie: await a.login(user.email, user.password) };
}

describe("a session's identity kept in memory", () => {
  it("is read once, then answered with no statement while nothing changes", async () => {
    const { cookie } = await signedIn(GROUP.therapist);
    const first = await identityReads(a.app, a.database.pool, cookie);
    expect(first.status).toBe(200);
    expect(first.identity, describeStatements(first.statements)).toBe(1);
    for (let i = 0; i < 3; i += 1) {
      const next = await identityReads(a.app, a.database.pool, cookie);
      expect(next.status).toBe(200);
      expect(next.statements, describeStatements(next.statements)).toEqual([]);
    }
  });

  it("ends at sign-out on the same node with the very next request", async () => {
    const { cookie } = await signedIn(GROUP.therapist);
    expect((await profileOn(a.app, cookie)).statusCode).toBe(200);
    expect((await profileOn(a.app, cookie)).statusCode).toBe(200);
    const out = await a.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { cookie, origin: TEST_PUBLIC_URL } });
    expect(out.statusCode).toBe(200);
    expect((await profileOn(a.app, cookie)).statusCode).toBe(401);
  });

  it("ends on another node once the session is signed out on this one", async () => {
    const { cookie } = await signedIn(GROUP.therapist);
    await profileOn(nodeB, cookie);
    const kept = await identityReads(nodeB, databaseB.pool, cookie);
    expect(kept).toMatchObject({ status: 200, identity: 0 });
    const out = await a.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { cookie, origin: TEST_PUBLIC_URL } });
    expect(out.statusCode).toBe(200);
    expect(await untilNodeBAnswers(cookie, 401)).toBe(401);
  });

  it("drops a deactivated user's identity on every node", async () => {
    const { user, cookie } = await signedIn(GROUP.therapist);
    await profileOn(nodeB, cookie);
    expect((await identityReads(nodeB, databaseB.pool, cookie)).identity).toBe(0);
    const admin = await a.loginAs("admin");
    const response = await a.app.inject({
      method: "PUT",
      url: `/api/users/${user.id}/active`,
      headers: { cookie: admin, origin: TEST_PUBLIC_URL },
      payload: { isActive: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await untilNodeBAnswers(cookie, 401)).toBe(401);
  });

  it("sees a group taken away, written straight into the database by neither node", async () => {
    const { user, cookie } = await signedIn(GROUP.therapist);
    const guarded = (node: FastifyInstance) => node.inject({ method: "GET", url: "/api/user-patients/?rowsPerPage=1", headers: { cookie } });
    await guarded(nodeB);
    expect((await guarded(nodeB)).statusCode).toBe(200);
    const outsider = new pg.Client({ connectionString: a.database.url });
    await outsider.connect();
    try {
      await outsider.query("delete from user_groups where user_id = $1", [user.id]);
    } finally {
      await outsider.end();
    }
    const deadline = Date.now() + 3_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await guarded(nodeB)).statusCode;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(403);
    // And this node's own write is seen at once, with no wait for the notification.
    await a.db.insert(userGroups).values({ userId: user.id, groupId: GROUP.therapist, position: 0 });
    expect((await guarded(a.app)).statusCode).toBe(200);
    await a.db.delete(userGroups).where(and(eq(userGroups.userId, user.id), eq(userGroups.groupId, GROUP.therapist)));
    expect((await guarded(a.app)).statusCode).toBe(403);
  });

  it("keeps nothing while the node's listening connection is down, and keeps again once it is back", async () => {
    const { cookie } = await signedIn(GROUP.therapist);
    await profileOn(nodeB, cookie);
    expect((await identityReads(nodeB, databaseB.pool, cookie)).identity).toBe(0);
    const outsider = new pg.Client({ connectionString: a.database.url });
    await outsider.connect();
    try {
      // Both nodes' listeners, as by a database failover.
      const killed = await outsider.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()",
        [LISTENER_NAME],
      );
      expect(killed.rowCount).toBe(2);
    } finally {
      await outsider.end();
    }
    // While it is down (or just back, with nothing kept yet), each request reads its identity. The
    // node hears of the lost connection a moment after the backend ends (its socket's close), so
    // the first request may still come before that: asked again until the node has noticed.
    const noticed = Date.now() + 5_000;
    let reads = (await identityReads(nodeB, databaseB.pool, cookie)).identity;
    while (reads === 0 && Date.now() < noticed) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      reads = (await identityReads(nodeB, databaseB.pool, cookie)).identity;
    }
    expect(reads).toBe(1);
    const deadline = Date.now() + 5_000;
    while (!nodeB.pgListener.isListening && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(nodeB.pgListener.isListening).toBe(true);
    await profileOn(nodeB, cookie);
    expect((await identityReads(nodeB, databaseB.pool, cookie)).identity).toBe(0);
  });
});

describe("IdentityCache", () => {
  const actor = { id: "u1", clinicId: "c1" } as Actor;
  const identity = (keptAt: number) => ({ actor, expiresAt: keptAt + 3_600_000, createdAt: keptAt, keptAt });
  const at = Date.UTC(2026, 11, 2, 10, 1);

  function listeningCache(keepMs = 30_000) {
    let writes = 0;
    const cache = new IdentityCache(keepMs, () => String(writes));
    cache.listening();
    return { cache, write: () => (writes += 1) };
  }

  it("answers for keepMs at most, and never across a quarter hour", () => {
    const { cache } = listeningCache();
    cache.keep("k", cache.begin(), identity(at));
    expect(cache.get("k", at + 29_000)).toBeDefined();
    expect(cache.get("k", at + 30_001)).toBeUndefined();
    const beforeSlot = Date.UTC(2026, 11, 2, 10, 14, 50);
    cache.keep("k", cache.begin(), identity(beforeSlot));
    expect(cache.get("k", beforeSlot + 5_000)).toBeDefined();
    expect(cache.get("k", beforeSlot + 11_000)).toBeUndefined();
  });

  it("does not keep a read that a change overtook, nor one made while not listening", () => {
    const { cache, write } = listeningCache();
    const begun = cache.begin();
    cache.message("u:someone-else");
    cache.keep("k", begun, identity(at));
    expect(cache.get("k", at)).toBeUndefined();
    const local = cache.begin();
    write();
    cache.keep("k", local, identity(at));
    expect(cache.get("k", at)).toBeUndefined();
    cache.lost();
    cache.keep("k", cache.begin(), identity(at));
    expect(cache.get("k", at)).toBeUndefined();
  });

  it("drops a user's identities, their clinic's staff's, everyone's, and all at a local write", () => {
    const { cache, write } = listeningCache();
    const keepAll = () => {
      cache.keep("own", cache.begin(), identity(at));
      cache.keep("other", cache.begin(), { ...identity(at), actor: { id: "u2", clinicId: "c2" } as Actor });
    };
    keepAll();
    cache.message("u:u1");
    expect(cache.get("own", at)).toBeUndefined();
    expect(cache.get("other", at)).toBeDefined();
    keepAll();
    cache.message("u:c1");
    expect(cache.get("own", at)).toBeUndefined();
    keepAll();
    cache.message("*");
    expect(cache.get("other", at)).toBeUndefined();
    keepAll();
    write();
    expect(cache.get("own", at)).toBeUndefined();
    expect(cache.get("other", at)).toBeUndefined();
  });

  it("keeps nothing when keepMs is 0", () => {
    const { cache } = listeningCache(0);
    cache.keep("k", cache.begin(), identity(at));
    expect(cache.get("k", at)).toBeUndefined();
  });
});
