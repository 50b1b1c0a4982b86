import type { AssignedActivity } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api.ts";
import { type KeyValueStore, type PendingResult, ResultOutbox, retryDelaySeconds } from "./resultOutbox.ts";

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
}

const reply = (id: number, sessionId: string): PendingResult["reply"] => ({
  id,
  result: {},
  game: {
    sessionId,
    buildId: "reactor-quick",
    startedAt: "2026-11-23T10:00:00.000Z",
    endedAt: "2026-11-23T10:00:30.000Z",
    durationMs: 30_000,
    levelStart: 1,
    levelEnd: 2,
    motion: 1,
    ended: "completed",
    dizzinessBefore: 1,
    dizzinessAfter: 2,
    trials: [],
  },
});
const done = (id: number) => ({ id, done: true }) as AssignedActivity;

describe("the result outbox", () => {
  it("keeps a result from before it is sent until the server has it", async () => {
    const store = memoryStore();
    const sent: number[] = [];
    const outbox = new ResultOutbox(store, async (item) => {
      expect(outbox.pending().map((pending) => pending.reply.id)).toContain(item.id);
      sent.push(item.id);
      return done(item.id);
    });
    outbox.add(reply(7, "a"));
    expect(JSON.parse(store.data.get("gameResultOutbox") ?? "[]")).toHaveLength(1);
    expect(await outbox.deliver("a")).toMatchObject({ kind: "delivered", assignment: { id: 7 } });
    expect(sent).toEqual([7]);
    expect(outbox.pending()).toEqual([]);
  });

  it("keeps it, counting the tries, while the server cannot be reached or fails, and sends it later", async () => {
    let online = false;
    const outbox = new ResultOutbox(memoryStore(), async (item) => {
      if (!online) throw new ApiError(0, { detail: "The server could not be reached." });
      return done(item.id);
    });
    outbox.add(reply(1, "a"));
    outbox.add(reply(2, "b"));
    expect(await outbox.flush()).toBe(2);
    expect(outbox.pending().map((item) => item.attempts)).toEqual([1, 0]);
    online = true;
    expect(await outbox.flush()).toBe(0);
  });

  it("retries a server failure (5xx) but sets aside what the server refuses for good", async () => {
    const outbox = new ResultOutbox(memoryStore(), async (item) => {
      if (item.id === 1) throw new ApiError(503, { detail: "Unavailable" });
      throw new ApiError(409, { detail: "This activity is already done: its result was recorded." });
    });
    outbox.add(reply(1, "a"));
    outbox.add(reply(2, "b"));
    expect((await outbox.deliver("a")).kind).toBe("retry");
    expect((await outbox.deliver("b")).kind).toBe("refused");
    expect(outbox.pending().map((item) => item.reply.id)).toEqual([1]);
    expect(outbox.refused().map((item) => item.reply.id)).toEqual([2]);
  });

  it("holds one entry per session, however often it is added", () => {
    const outbox = new ResultOutbox(memoryStore(), async (item) => done(item.id));
    outbox.add(reply(1, "a"));
    outbox.add(reply(1, "a"));
    expect(outbox.pending()).toHaveLength(1);
  });

  it("survives storage holding something else", () => {
    const store = memoryStore();
    store.setItem("gameResultOutbox", "{not json");
    expect(new ResultOutbox(store, async (item) => done(item.id)).pending()).toEqual([]);
  });

  it("waits longer after each failed try, at most a minute", () => {
    expect([0, 1, 2, 3, 6, 10].map(retryDelaySeconds)).toEqual([2, 2, 4, 8, 60, 60]);
  });
});
