import { describe, expect, it } from "vitest";
import { changeFilters, isFiltered, NO_FILTERS, parseResultFilters, rangeInverted, resultFiltersSearch, resultsQuery } from "./filters.ts";

const PATIENT = "0b6f1c2e-8a57-4a7e-9d7c-3f4e5a6b7c8d";
const parse = (search: string) => parseResultFilters(new URLSearchParams(search));

describe("results filters in the address", () => {
  it("reads every filter a linked list carries", () => {
    expect(parse(`?q=%20dizzy%20&since=2026-01-05&to=2026-02-01&patient=${PATIENT.toUpperCase()}&form=7&page=3&rowsPerPage=25`)).toEqual({
      q: "dizzy",
      since: "2026-01-05",
      to: "2026-02-01",
      patient: PATIENT,
      form: 7,
      page: 3,
      rowsPerPage: 25,
    });
  });

  it("takes the defaults for what is missing", () => {
    expect(parse("")).toEqual(NO_FILTERS);
  });

  it("drops what the server would refuse instead of sending it", () => {
    expect(parse("?since=2026-02-30&to=yesterday&patient=42&form=0&page=-1&rowsPerPage=7")).toEqual(NO_FILTERS);
    expect(parse("?form=1.5&page=abc&rowsPerPage=1000").form).toBeNull();
    expect(parse("?form=99999999999").form).toBeNull();
    expect(parse(`?q=${"x".repeat(150)}`).q).toHaveLength(100);
  });

  it("writes only what differs from the defaults, and reads back the same filters", () => {
    expect(resultFiltersSearch(NO_FILTERS).toString()).toBe("");
    const filters = { ...NO_FILTERS, q: "DHI", patient: PATIENT, form: 3, page: 2, rowsPerPage: 50 };
    const search = resultFiltersSearch(filters);
    expect(search.toString()).toBe(`q=DHI&patient=${PATIENT}&form=3&page=2&rowsPerPage=50`);
    expect(parseResultFilters(search)).toEqual(filters);
  });

  it("goes back to the first page when a filter changes, not when the page does", () => {
    const onPage3 = { ...NO_FILTERS, page: 3 };
    expect(changeFilters(onPage3, { form: 4 }).page).toBe(1);
    expect(changeFilters(onPage3, { page: 4 }).page).toBe(4);
    expect(changeFilters(onPage3, { rowsPerPage: 25 })).toEqual({ ...NO_FILTERS, rowsPerPage: 25 });
  });

  it("sends the filters but no inverted day range, and knows when the list is narrowed", () => {
    expect(resultsQuery(NO_FILTERS)).toEqual({ q: undefined, since: undefined, to: undefined, patient: undefined, form: undefined });
    expect(isFiltered({ ...NO_FILTERS, page: 5, rowsPerPage: 50 })).toBe(false);
    const inverted = { ...NO_FILTERS, since: "2026-03-02", to: "2026-03-01", form: 2 };
    expect(rangeInverted(inverted)).toBe(true);
    expect(resultsQuery(inverted)).toEqual({ q: undefined, since: undefined, to: undefined, patient: undefined, form: "2" });
    const sameDay = { ...NO_FILTERS, since: "2026-03-01", to: "2026-03-01" };
    expect(rangeInverted(sameDay)).toBe(false);
    expect(resultsQuery(sameDay)).toMatchObject({ since: "2026-03-01", to: "2026-03-01" });
    expect(isFiltered(sameDay)).toBe(true);
  });
});
