import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buildById, type SessionResult } from "@clinic/games";
import { FAMILY_ENGINES } from "@clinic/games/browser";
import { createEngine, idealPlayer, runEngine, sessionOf } from "@clinic/games/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../test/app.ts";
import { uniqueSuffix } from "../../test/databases.ts";
import { assignActivity, makeActivity } from "../../test/factories.ts";
import { auditWriter } from "./audit.ts";
import { sealPendingAuditRecords } from "./audit-sequencer.ts";
import { sendMail } from "./mail.ts";
import { bearerMatches, METRIC_NAMES } from "./metrics.ts";

const TOKEN = "metrics-token-for-tests-0123456789";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t?.close());

const scrape = () => t.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });

/** The value of the sample `name{…}` whose labels include every pair of `labels`; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = match[2] ?? "";
    if (Object.entries(labels).every(([key, value]) => given.includes(`${key}="${value}"`))) return Number(match[3]);
  }
  return undefined;
}

describe("GET /metrics with METRICS_TOKEN set", () => {
  it("answers 401 in the error contract without the token, with another one, or with it in another scheme", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-of-the-same-size-12", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await t.app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toEqual({ detail: expect.any(String) });
      expect(response.headers["www-authenticate"]).toMatch(/^Bearer /);
      expect(response.body).not.toContain("clinic_");
    }
  });

  it("answers the Prometheus text with per-route counters labelled by the route pattern, never the raw URL", async () => {
    const before = sample((await scrape()).body, METRIC_NAMES.httpRequests, { route: "/api/health/live", status: "200" }) ?? 0;
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: "GET", url: "/api/health/live" })).statusCode).toBe(200);
    await t.app.inject({ method: "GET", url: `/api/no-such-route-${uniqueSuffix()}` });

    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/plain");
    const text = response.body;
    expect(sample(text, METRIC_NAMES.httpRequests, { method: "GET", route: "/api/health/live", status: "200" })).toBe(before + 3);
    expect(sample(text, `${METRIC_NAMES.httpDuration}_count`, { route: "/api/health/live", status: "200" })).toBeGreaterThanOrEqual(3);
    expect(sample(text, METRIC_NAMES.httpRequests, { route: "unmatched", status: "404" })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain("no-such-route");
  });

  it("reports the pool, the job queues, the audit backlog and the process", async () => {
    const text = (await scrape()).body;
    // The scrape's own query holds a connection while the pool is read: at least one is open.
    expect(sample(text, METRIC_NAMES.poolIdle)! + sample(text, METRIC_NAMES.poolInUse)!).toBeGreaterThanOrEqual(1);
    expect(sample(text, METRIC_NAMES.poolWaiting)).toBe(0);
    expect(sample(text, METRIC_NAMES.auditUnsealed)).toBeGreaterThanOrEqual(0);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(text).toContain("nodejs_eventloop_lag_seconds");

    // A job sent now (no worker runs in tests) waits in its queue.
    const queue = "mail.deliver";
    const waiting = sample(text, METRIC_NAMES.jobsWaiting, { queue }) ?? 0;
    await t.app.jobs.send(queue, { id: -1 });
    const after = (await scrape()).body;
    expect(sample(after, METRIC_NAMES.jobsWaiting, { queue })).toBe(waiting + 1);
    expect(sample(after, METRIC_NAMES.jobsFailed, { queue })).toBeGreaterThanOrEqual(0);
    expect(sample(after, METRIC_NAMES.jobsOldestDueSeconds, { queue })).toBeGreaterThanOrEqual(0);
  });

  it("counts the audit records not sealed yet, and none once the sequencer sealed them", async () => {
    // Tests seal only when they ask to (AUDIT_SEAL_DELAY_MS=0).
    const before = sample((await scrape()).body, METRIC_NAMES.auditUnsealed) ?? 0;
    for (let i = 0; i < 2; i++) await auditWriter(t.db).write({ action: `test.metrics.${i}`, outcome: "ok" });
    expect(sample((await scrape()).body, METRIC_NAMES.auditUnsealed)).toBe(before + 2);
    expect((await sealPendingAuditRecords(t.db)).status).toBe("sealed");
    expect(sample((await scrape()).body, METRIC_NAMES.auditUnsealed)).toBe(0);
  });

  it("counts mail sent and failed on this node", async () => {
    const before = (await scrape()).body;
    const message = { to: "someone@example.com", subject: "Hello", text: "Hi", kind: "system-check" } as const;
    const working = { from: "a@example.com", send: async () => ({}), close() {} };
    const failing = { from: "a@example.com", send: async () => Promise.reject(new Error("550 refused")), close() {} };
    expect((await sendMail(t.db, message, working)).status).toBe("sent");
    expect((await sendMail(t.db, message, failing)).status).toBe("failed");
    expect((await sendMail(t.db, message, failing)).status).toBe("failed");
    const after = (await scrape()).body;
    expect(sample(after, METRIC_NAMES.mailSent)).toBe((sample(before, METRIC_NAMES.mailSent) ?? 0) + 1);
    expect(sample(after, METRIC_NAMES.mailFailed)).toBe((sample(before, METRIC_NAMES.mailFailed) ?? 0) + 2);
  });

  it("counts a stored game result once, and not its replayed send", async () => {
    const build = buildById("reactor-quick");
    if (!build) throw new Error("No build reactor-quick");
    const activity = await makeActivity(t.db, { name: `Quick check ${uniqueSuffix()}`, type: "game", gameBuildId: build.id });
    const row = await assignActivity(t.db, {
      activityId: activity.id,
      patientId: t.ids.patient,
      assignedBy: t.ids.therapist,
      date: new Date().toLocaleDateString("en-CA"),
    });
    const engine = createEngine(FAMILY_ENGINES[build.family] as never, build, { seed: 7 });
    const game: SessionResult = sessionOf(build, runEngine(engine, { player: idealPlayer(280), size: build.size }), { sessionId: randomUUID() });
    const before = sample((await scrape()).body, METRIC_NAMES.gameResultsStored) ?? 0;
    const cookie = await t.loginAs("patient");
    for (let i = 0; i < 2; i++) {
      const reply = await t.app.inject({
        method: "POST",
        url: "/api/replyActivity/",
        headers: { cookie, origin: TEST_PUBLIC_URL },
        payload: { id: row.id, game },
      });
      expect(reply.statusCode).toBe(200);
    }
    expect(sample((await scrape()).body, METRIC_NAMES.gameResultsStored)).toBe(before + 1);
  });
});

describe("GET /metrics without METRICS_TOKEN", () => {
  it("is not served: a JSON 404, even with a bearer token and where the web app's pages are served", async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), "clinic-test-web-dist-"));
    await writeFile(path.join(dist, "index.html"), "<!doctype html><html><body>shell</body></html>");
    await writeFile(path.join(dist, "login.html"), "<!doctype html><html><body>sign in</body></html>");
    const plain = await createTestApp({ seed: false, webDist: dist });
    try {
      // A page address the web app would answer with its shell: /metrics is not one.
      expect((await plain.app.inject({ method: "GET", url: "/manager/patient" })).statusCode).toBe(200);
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const response = await plain.app.inject({ method: "GET", url: "/metrics", headers });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: "Not found." });
      }
    } finally {
      await plain.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});

describe("bearerMatches", () => {
  it("accepts exactly the token after Bearer", () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN.slice(1)}`, TOKEN)).toBe(false);
    expect(bearerMatches("Bearer ", TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });
});

describe("ops/grafana-dashboard.json", () => {
  const dashboard = JSON.parse(readFileSync(new URL("../../../../ops/grafana-dashboard.json", import.meta.url), "utf8")) as {
    templating: { list: { name: string; type: string }[] };
    panels: { title: string; datasource?: { uid?: string }; targets?: { expr: string }[] }[];
  };
  const exported = new Set<string>(Object.values(METRIC_NAMES));

  // Grafana's import placeholder, written literally in the file.
  const DATASOURCE_VARIABLE = ["$", "{DS_PROMETHEUS}"].join("");

  it("queries its Prometheus through the DS_PROMETHEUS data source variable", () => {
    expect(dashboard.templating.list).toContainEqual(expect.objectContaining({ name: "DS_PROMETHEUS", type: "datasource" }));
    for (const panel of dashboard.panels) if (panel.targets) expect(panel.datasource?.uid, panel.title).toBe(DATASOURCE_VARIABLE);
  });

  it("uses only metric names the app exports, and charts every one of them", async () => {
    const text = (await scrape()).body;
    const used = new Set<string>();
    for (const panel of dashboard.panels) {
      for (const target of panel.targets ?? []) {
        // Metric names: identifiers followed by `{`, `[` or `)`, minus PromQL's own functions and label names.
        for (const match of target.expr.matchAll(/\b(clinic_[a-z0-9_]+|process_[a-z0-9_]+|nodejs_[a-z0-9_]+)\b/g)) used.add(match[1] as string);
      }
    }
    expect(used.size).toBeGreaterThan(0);
    for (const name of used) {
      const base = name.replace(/_(bucket|count|sum)$/, "");
      const known = exported.has(base) || new RegExp(`^# TYPE ${base} `, "m").test(text);
      expect(known, `${name} is not exported by the app`).toBe(true);
    }
    for (const name of exported)
      expect(
        [...used].some((usedName) => usedName.startsWith(name)),
        `${name} has no panel`,
      ).toBe(true);
  });
});
