import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { claimDevice, type DeviceDb, deviceDb, deviceOwner, forgetDevice, isStorageFull, type OutboxEntry, warmedUp, warmUpDue } from "./device-db.ts";
import { keepAnswer, keptAnswer } from "./kept-answers.ts";
import { BudgetExceededError, deviceUsage, keepFile, keptFile, VIDEO_BUDGET } from "./kept-files.ts";
import { Outbox, requestOf, type SendAnswer } from "./outbox.ts";
import { withPending } from "./pending-overlay.ts";

const PATIENT = "patient-1";
const OTHER = "patient-2";

/** A server stand-in: answers from a script of statuses, and remembers every key it was sent. */
function server(...answers: SendAnswer[]) {
  const sent: { key: string; path: string; body: unknown }[] = [];
  const send = async (entry: OutboxEntry) => {
    const { path, body } = requestOf(entry.action);
    sent.push({ key: entry.key, path, body });
    return answers.shift() ?? { status: 200, body: { ok: true } };
  };
  return { sent, send };
}

const game = (sessionId: string) => ({ kind: "reply" as const, body: { id: 7, result: {}, game: { sessionId, buildId: "reactor-quick" } } });

afterEach(async () => {
  await forgetDevice();
});

describe("the device outbox", () => {
  it("keeps an action until the server has it, and sends it under the same key after a lost answer", async () => {
    await claimDevice(PATIENT);
    const fake = server({ status: 0, body: null }, { status: 200, body: { id: 7, done: true } });
    const outbox = new Outbox(deviceDb, fake.send);
    const entry = await outbox.add(PATIENT, game("0b0e4b6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b"), "Reactor", "0b0e4b6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b");
    expect(entry.key).toBe("0b0e4b6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b");

    expect(await outbox.deliver(entry.key)).toEqual({ kind: "retry" });
    expect((await outbox.waiting(PATIENT)).map((one) => one.attempts)).toEqual([1]);

    expect(await outbox.deliver(entry.key)).toEqual({ kind: "delivered", answer: { id: 7, done: true } });
    expect(await outbox.entries(PATIENT)).toEqual([]);
    expect(fake.sent.map((one) => one.key)).toEqual([entry.key, entry.key]);
    expect(fake.sent[0]?.path).toBe("/api/replyActivity/");
  });

  it("sends oldest first and stops at the first that cannot reach the server", async () => {
    await claimDevice(PATIENT);
    const fake = server({ status: 200, body: {} }, { status: 503, body: {} });
    const outbox = new Outbox(deviceDb, fake.send);
    const first = await outbox.add(PATIENT, { kind: "assignment", id: 1, body: { favorite: true } }, "First");
    const second = await outbox.add(PATIENT, { kind: "assignment", id: 2, body: { favorite: true } }, "Second");
    const third = await outbox.add(PATIENT, { kind: "assignment", id: 3, body: { favorite: true } }, "Third");
    expect(await outbox.flush(PATIENT)).toEqual({ delivered: 1, refused: 0, waiting: 2 });
    expect(fake.sent.map((one) => one.key)).toEqual([first.key, second.key]);
    expect((await outbox.waiting(PATIENT)).map((one) => one.key)).toEqual([second.key, third.key]);
    // The network is back: the rest go, in order.
    expect(await outbox.flush(PATIENT)).toEqual({ delivered: 2, refused: 0, waiting: 0 });
    expect(fake.sent.map((one) => one.path)).toEqual(["/api/assignActivity/1", "/api/assignActivity/2", "/api/assignActivity/2", "/api/assignActivity/3"]);
  });

  it("keeps a refused action visible with its reason, never retries it, and lets the patient dismiss it", async () => {
    await claimDevice(PATIENT);
    const fake = server({ status: 409, body: { detail: "This activity was deactivated.", code: "assignmentInactive" } });
    const outbox = new Outbox(deviceDb, fake.send);
    const entry = await outbox.add(PATIENT, { kind: "reply", body: { id: 9, result: { note: "done" } } }, "Balance text");
    const outcome = await outbox.deliver(entry.key);
    expect(outcome.kind).toBe("refused");
    const [kept] = await outbox.entries(PATIENT);
    expect(kept?.state).toBe("refused");
    expect(kept?.refusal).toMatchObject({ status: 409, code: "assignmentInactive", detail: "This activity was deactivated." });
    expect(await outbox.flush(PATIENT)).toEqual({ delivered: 0, refused: 0, waiting: 0 });
    expect(fake.sent).toHaveLength(1);
    await outbox.dismiss(entry.key);
    expect(await outbox.entries(PATIENT)).toEqual([]);
  });

  it("words a 400's field errors as the refusal's reason (a tampered entry)", async () => {
    await claimDevice(PATIENT);
    const fake = server({ status: 400, body: { id: ["Expected a number."] } });
    const outbox = new Outbox(deviceDb, fake.send);
    const entry = await outbox.add(PATIENT, { kind: "assignment", id: 4, body: { done: true } }, "Walk");
    await outbox.deliver(entry.key);
    expect((await outbox.entries(PATIENT))[0]?.refusal).toMatchObject({ status: 400, detail: "id: Expected a number." });
  });

  it("keeps the latest of the same change still waiting: the last favourite, the last draft; never a submission", async () => {
    await claimDevice(PATIENT);
    const outbox = new Outbox(deviceDb, server().send);
    await outbox.add(PATIENT, { kind: "assignment", id: 5, body: { favorite: true } }, "Walk");
    await outbox.add(PATIENT, { kind: "assignment", id: 5, body: { favorite: false } }, "Walk");
    await outbox.add(PATIENT, { kind: "form", body: { assignment: 3, answers: { a: 1 } } }, "DHI");
    await outbox.add(PATIENT, { kind: "form", body: { assignment: 3, answers: { a: 2 } } }, "DHI");
    await outbox.add(PATIENT, { kind: "form", body: { assignment: 3, answers: { a: 2 }, submit: true } }, "DHI");
    const actions = (await outbox.entries(PATIENT)).map((entry) => entry.action);
    expect(actions).toEqual([
      { kind: "assignment", id: 5, body: { favorite: false } },
      { kind: "form", body: { assignment: 3, answers: { a: 2 } } },
      { kind: "form", body: { assignment: 3, answers: { a: 2 }, submit: true } },
    ]);
  });

  it("loses nothing when the device storage is full", async () => {
    await claimDevice(PATIENT);
    const full = async (): Promise<DeviceDb> => {
      const db = await deviceDb();
      return new Proxy(db, {
        get(target, property) {
          if (property === "transaction") {
            return (...args: Parameters<DeviceDb["transaction"]>) => {
              if (args[1] === "readwrite") throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
              return target.transaction(...args);
            };
          }
          const value = Reflect.get(target, property);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    };
    const outbox = new Outbox(deviceDb, server().send);
    await outbox.add(PATIENT, game("9d3f1b0a-2c4e-4f6a-8b0c-1d2e3f4a5b6c"), "Reactor", "9d3f1b0a-2c4e-4f6a-8b0c-1d2e3f4a5b6c");
    const failure = await new Outbox(full, server().send).add(PATIENT, { kind: "assignment", id: 1, body: { favorite: true } }, "Walk").catch((error) => error);
    expect(isStorageFull(failure)).toBe(true);
    expect((await outbox.entries(PATIENT)).map((entry) => entry.label)).toEqual(["Reactor"]);
  });
});

describe("one owner per device", () => {
  it("wipes the previous user's answers and outbox when another user signs in", async () => {
    await claimDevice(PATIENT);
    await keepAnswer(PATIENT, "/api/get-forms/", [{ id: 1 }]);
    await new Outbox(deviceDb, server().send).add(PATIENT, { kind: "assignment", id: 1, body: { favorite: true } }, "Walk");
    await claimDevice(OTHER);
    expect(await deviceOwner()).toBe(OTHER);
    expect(await keptAnswer(OTHER, "/api/get-forms/")).toBeNull();
    expect(await keptAnswer(PATIENT, "/api/get-forms/")).toBeNull();
    expect(await new Outbox().entries(PATIENT)).toEqual([]);
  });

  it("keeps no answer for a user who is not the device's owner, and sign-out deletes everything", async () => {
    await claimDevice(PATIENT);
    await keepAnswer(OTHER, "/api/get-forms/", []);
    expect(await keptAnswer(OTHER, "/api/get-forms/")).toBeNull();
    await keepAnswer(PATIENT, "/api/get-forms/", [{ id: 2 }]);
    expect((await keptAnswer(PATIENT, "/api/get-forms/"))?.data).toEqual([{ id: 2 }]);
    await forgetDevice();
    expect(await deviceOwner()).toBeNull();
    expect(await keptAnswer(PATIENT, "/api/get-forms/")).toBeNull();
  });
});

describe("the warm-up's turn", () => {
  it("comes when none finished within the interval, across page loads, and again for a new owner", async () => {
    await claimDevice(PATIENT);
    expect(await warmUpDue(PATIENT, 60_000)).toBe(true);
    // Cut short (the page was left): still due.
    expect(await warmUpDue(PATIENT, 60_000)).toBe(true);
    await warmedUp(PATIENT);
    expect(await warmUpDue(PATIENT, 60_000)).toBe(false);
    expect(await warmUpDue(PATIENT, 0)).toBe(true);
    expect(await warmUpDue(OTHER, 60_000)).toBe(false);
    await claimDevice(OTHER);
    expect(await warmUpDue(OTHER, 60_000)).toBe(true);
  });
});

describe("files kept on the device", () => {
  const answering = (bytes: number) =>
    (async () => new Response(new Blob([new Uint8Array(bytes)]), { headers: { "content-length": String(bytes) } })) as typeof fetch;

  it("keeps a document, and refuses a video past the budget before reading it", async () => {
    await claimDevice(PATIENT);
    await keepFile(PATIENT, "/api/uploads/a.pdf", "a.pdf", "document", answering(2048));
    expect((await keptFile(PATIENT, "/api/uploads/a.pdf"))?.size).toBe(2048);
    const refused = await keepFile(PATIENT, "/api/uploads/big.mp4", "big.mp4", "video", answering(VIDEO_BUDGET + 1)).catch((error) => error);
    expect(refused).toBeInstanceOf(BudgetExceededError);
    expect(await keptFile(PATIENT, "/api/uploads/big.mp4")).toBeNull();
    expect(await deviceUsage(PATIENT)).toEqual({ documents: 2048, videos: 0, videoCount: 0, budget: VIDEO_BUDGET });
  });
});

describe("what the patient did offline, over the kept answers", () => {
  it("shows a waiting favourite and done on the list rows, and a waiting draft on its form", () => {
    const waiting = [
      { action: { kind: "assignment", id: 1, body: { favorite: true } } },
      { action: { kind: "reply", body: { id: 2, result: { note: "ok" } } } },
      { action: { kind: "form", body: { assignment: 8, answers: { q1: 3 } } } },
    ] as OutboxEntry[];
    const list = {
      data: [
        { id: 1, activityId: 4, favorite: false },
        { id: 2, activityId: 5, done: false },
        { id: 3, activityId: 6 },
      ],
      page: 1,
      total: 3,
    };
    expect(withPending("/api/patientAssignActivities/p?page=1", list, waiting)).toEqual({
      data: [
        { id: 1, activityId: 4, favorite: true },
        { id: 2, activityId: 5, done: true, result: { note: "ok" } },
        { id: 3, activityId: 6 },
      ],
      page: 1,
      total: 3,
    });
    expect(withPending("/api/forms/assignments/8", { id: 8, answers: {}, state: "assigned" }, waiting)).toEqual({
      id: 8,
      answers: { q1: 3 },
      state: "assigned",
    });
    expect(withPending("/api/forms/assignments/9", { id: 9, answers: {} }, waiting)).toEqual({ id: 9, answers: {} });
  });
});
