import { isRealDate } from "@clinic/shared";

/**
 * The results list's filters, kept in the page's address so a list can be linked
 * (`forms/results?patient=…&form=…`). Anything the address holds that the server would
 * refuse is dropped here, so a hand-edited link shows a list instead of an error.
 */
export interface ResultFilters {
  q: string;
  since: string;
  to: string;
  patient: string;
  form: number | null;
  page: number;
  rowsPerPage: number;
}

export const ROWS_PER_PAGE_OPTIONS = [5, 10, 25, 50] as const;
export const DEFAULT_ROWS_PER_PAGE = 10;
const Q_MAX = 100;
const INT_MAX = 2_147_483_647;
const PAGE_MAX = 100_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const NO_FILTERS: ResultFilters = { q: "", since: "", to: "", patient: "", form: null, page: 1, rowsPerPage: DEFAULT_ROWS_PER_PAGE };

function wholeNumber(text: string | null, min: number, max: number): number | null {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/** The filters a query string holds; what is missing or malformed takes its default. */
export function parseResultFilters(params: URLSearchParams): ResultFilters {
  const day = (name: string) => {
    const value = params.get(name) ?? "";
    return isRealDate(value) ? value : "";
  };
  const patient = params.get("patient") ?? "";
  const rows = wholeNumber(params.get("rowsPerPage"), 1, 100);
  return {
    q: (params.get("q") ?? "").trim().slice(0, Q_MAX),
    since: day("since"),
    to: day("to"),
    patient: UUID.test(patient) ? patient.toLowerCase() : "",
    form: wholeNumber(params.get("form"), 1, INT_MAX),
    page: wholeNumber(params.get("page"), 1, PAGE_MAX) ?? 1,
    rowsPerPage: rows !== null && (ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(rows) ? rows : DEFAULT_ROWS_PER_PAGE,
  };
}

/** The query string of a set of filters: defaults are left out, so a plain list has a plain address. */
export function resultFiltersSearch(filters: ResultFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set("q", filters.q.trim());
  if (filters.since) params.set("since", filters.since);
  if (filters.to) params.set("to", filters.to);
  if (filters.patient) params.set("patient", filters.patient);
  if (filters.form !== null) params.set("form", String(filters.form));
  if (filters.page !== 1) params.set("page", String(filters.page));
  if (filters.rowsPerPage !== DEFAULT_ROWS_PER_PAGE) params.set("rowsPerPage", String(filters.rowsPerPage));
  return params;
}

/** Changes some filters; any change but the page's own goes back to the first page. */
export function changeFilters(filters: ResultFilters, change: Partial<ResultFilters>): ResultFilters {
  const next = { ...filters, ...change };
  return "page" in change ? next : { ...next, page: 1 };
}

/** The start day falls after the end day: the server refuses it (`to`: sinceAfterTo). */
export const rangeInverted = (filters: Pick<ResultFilters, "since" | "to">) => filters.since !== "" && filters.to !== "" && filters.since > filters.to;

/** What the list and its exports send: the filters alone, an inverted day range left out until it is fixed. */
export function resultsQuery(filters: ResultFilters): Record<string, string | undefined> {
  const inverted = rangeInverted(filters);
  return {
    q: filters.q.trim() || undefined,
    since: inverted ? undefined : filters.since || undefined,
    to: inverted ? undefined : filters.to || undefined,
    patient: filters.patient || undefined,
    form: filters.form === null ? undefined : String(filters.form),
  };
}

/** Whether any filter narrows the list (the empty list then says "nothing matches" rather than "nothing yet"). */
export const isFiltered = (filters: ResultFilters) => Object.values(resultsQuery(filters)).some((value) => value !== undefined);
