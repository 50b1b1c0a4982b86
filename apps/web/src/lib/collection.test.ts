import { describe, expect, it } from "vitest";
import { addRecord, appendPage, removeRecord, updateRecord } from "./collection.ts";

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
