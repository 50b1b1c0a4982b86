import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { addRecord, addRecords, appendPage, removeFromCached, removeRecord, replaceInCached, updateRecord, withAdded } from "./collection.ts";
import { addedKey, applyListChanges } from "./resource.ts";

const a = { id: 1, name: "a" };
const b = { id: 2, name: "b" };

describe("collection updates (spec §4)", () => {
  it("adds a record first, without duplicates", () => {
    expect(addRecord([a, b], { id: 3, name: "c" }).map((item) => item.id)).toEqual([3, 1, 2]);
    expect(addRecord([a, b], { id: 2, name: "b2" })).toEqual([{ id: 2, name: "b2" }, a]);
  });

  it("replaces the record with the same id on update and leaves others", () => {
    expect(updateRecord([a, b], { id: 1, name: "a2" })).toEqual([{ id: 1, name: "a2" }, b]);
    expect(updateRecord([a, b], { id: 9, name: "x" })).toEqual([a, b]);
  });

  it("removes by id", () => {
    expect(removeRecord([a, b], 1)).toEqual([b]);
    expect(removeRecord([a, b], 9)).toEqual([a, b]);
  });

  it("appends further pages, skipping records already listed", () => {
    expect(appendPage([a], [a, b]).map((item) => item.id)).toEqual([1, 2]);
  });
});

describe("lists as the user looks at them (spec §4)", () => {
  const c = { id: 3, name: "c" };

  it("shows records just added first on the first page, the server's copy left out, and only that copy left out further on", () => {
    expect(withAdded([a, b], [c], true)).toEqual([c, a, b]);
    expect(withAdded([a, b, c], [c], true)).toEqual([c, a, b]);
    expect(withAdded([a, c], [c], false)).toEqual([a]);
    expect(withAdded([a, b], [], true)).toEqual([a, b]);
  });

  it("adds a bulk answer first in its own order, without duplicates", () => {
    expect(addRecords([a], [c, b]).map((item) => item.id)).toEqual([3, 2, 1]);
    expect(addRecords([a, b], [b]).map((item) => item.id)).toEqual([2, 1]);
  });

  it("replaces and removes in any cached list shape, leaving other values alone", () => {
    const changed = { id: 2, name: "b2" };
    expect(replaceInCached({ data: [a, b], page: 1, total: 2 }, changed)).toEqual({ data: [a, changed], page: 1, total: 2 });
    expect(replaceInCached({ pages: [{ data: [a] }, { data: [b] }], pageParams: [1, 2] }, changed)).toEqual({
      pages: [{ data: [a] }, { data: [changed] }],
      pageParams: [1, 2],
    });
    expect(replaceInCached([a, b], changed)).toEqual([a, changed]);
    expect(removeFromCached({ data: [a, b], page: 1, total: 2 }, 1)).toEqual({ data: [b], page: 1, total: 2 });
    expect(replaceInCached({ id: 2, name: "one record" }, changed)).toEqual({ id: 2, name: "one record" });
    expect(replaceInCached(undefined, changed)).toBeUndefined();
  });

  it("keeps what an action added, changed and removed in the query cache, per list, as usePagedList reads it", () => {
    const client = new QueryClient();
    const pageKey = ["activities", "/api/activities/", "page=1&rowsPerPage=10"];
    client.setQueryData(pageKey, { data: [a, b], page: 1, total: 2 });
    const shown = () =>
      withAdded(client.getQueryData<{ data: (typeof a)[] }>(pageKey)?.data ?? [], client.getQueryData<(typeof a)[]>(addedKey(["activities"])) ?? [], true);

    applyListChanges(client, { added: [{ list: ["activities"], records: [c] }], changed: [], removed: [] });
    expect(shown().map((item) => item.id)).toEqual([3, 1, 2]);
    // The refetched page now holds the new record too: still once, still first.
    client.setQueryData(pageKey, { data: [a, b, c], page: 1, total: 3 });
    expect(shown().map((item) => item.id)).toEqual([3, 1, 2]);
    // Another list's records stay out of this one.
    const recommendation = { id: 9, name: "r" };
    applyListChanges(client, { added: [{ list: ["recommendations"], records: [recommendation] }], changed: [], removed: [] });
    expect(shown().map((item) => item.id)).toEqual([3, 1, 2]);

    const [c2, a2] = [
      { id: 3, name: "c2" },
      { id: 1, name: "a2" },
    ];
    applyListChanges(client, { added: [], changed: [{ list: ["activities"], records: [c2, a2] }], removed: [] });
    expect(shown()).toEqual([c2, a2, b]);

    applyListChanges(client, { added: [], changed: [], removed: [{ list: ["activities"], records: [{ id: 3 }] }] });
    expect(shown().map((item) => item.id)).toEqual([1, 2]);
  });
});
