import type { PageQuery, Paged } from "@clinic/shared";
import { fillPlaceholders, getTableName, ilike, type Placeholder, type SQL, type SQLWrapper, sql, type Table } from "drizzle-orm";
import type { Logger } from "drizzle-orm/logger";
import type { PgColumn } from "drizzle-orm/pg-core";
import { PageCache, type PageRead, recordPageRead } from "./page-cache.ts";

/** SQL limit and offset for a 1-based page. */
export function pageWindow({ page, rowsPerPage }: PageQuery): { limit: number; offset: number } {
  return { limit: rowsPerPage, offset: (page - 1) * rowsPerPage };
}

/** The `like` pattern of a "contains" search: the text anywhere, `%` and `_` in it literal. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, "\\$&")}%`;
}

/** A case-insensitive "contains" filter for list searches; `%` and `_` in the text are literal. None for no text. */
export function containsText(column: PgColumn, value: string | undefined): SQL | undefined {
  if (!value) return undefined;
  return ilike(column, containsPattern(value));
}

/**
 * How list totals are counted. A total is counted only up to `cap` (the answer then says
 * "at least", `totalCapped`), so no page counts a whole large table; and a total is kept for
 * `ttlMs` in this process, so the hot path does not count at all. A write through this
 * process's Drizzle client to a table a list reads drops that list's totals at once; another
 * app node's writes are seen within `ttlMs`. Mutable so tests can lower the cap.
 */
export const pagingSettings = { cap: 10_000, ttlMs: 5_000 };

/**
 * A write anywhere in a statement, a data-modifying CTE's included (`with x as (update ...)`).
 * Words such as `for update` or `do update set` may match too: they only drop totals of a
 * table that no list reads, or one that is recounted for nothing.
 */
const WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:"?\w+"?\.)?"?(\w+)"?/gi;
const TRANSACTION_END = /^\s*(?:commit|rollback|end)\b/i;
const TRANSACTION_BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;

/** A list's answer as sent, with what its page depended on. */
export interface KeptAnswer extends PageRead {
  /** The answer as sent: encoded once, not on every request. */
  body: Buffer;
  /** A strong validator of `body`, so a client holding it is answered 304 without the body. */
  etag: string;
  /** The last instant (epoch ms) the answer holds; Infinity when only writes change it. */
  until: number;
}

interface CachedTotal {
  total: number;
  capped: boolean;
  stamp: string;
  expires: number;
}
/** Bounds the memory of many distinct filters: the oldest totals go first. */
const MAX_CACHED_TOTALS = 5_000;

/**
 * Versions of tables, bumped by every write statement Drizzle sends (it is the client's
 * logger, so no write path can forget it). A write inside a transaction is bumped again when
 * a transaction ends: a total counted between the write and its commit (which could not see
 * the row yet) is then dropped too. Cascades and triggers are not seen: a list names every
 * table it reads, the parent tables of a cascade among them. The one race left, a count that
 * starts while a single (autocommit) write is in flight, keeps the old total at most `ttlMs`.
 */
export class TableWrites implements Logger {
  /** The lists' totals counted on this database, by the counted query's SQL and parameters. */
  readonly totals = new Map<string, CachedTotal>();
  /** The lists' pages read on this database, kept against the tables' versions (page-cache.ts). */
  readonly pages = new PageCache<Paged<unknown> & { totalCapped?: true }>();
  /** Whole list answers, serialized, kept against the page they show (kept-answers.ts). */
  readonly answers = new PageCache<KeptAnswer>();
  private readonly versions = new Map<string, number>();
  private readonly inTransaction = new Set<string>();
  private open = 0;

  logQuery(query: string): void {
    let wrote = false;
    for (const [, name] of query.matchAll(WRITE)) {
      const table = (name as string).toLowerCase();
      wrote = true;
      this.bump(table);
      if (this.open > 0) this.inTransaction.add(table);
    }
    if (wrote) return;
    if (TRANSACTION_BEGIN.test(query)) this.open += 1;
    else if (TRANSACTION_END.test(query)) {
      this.open = Math.max(0, this.open - 1);
      for (const table of this.inTransaction) this.bump(table);
      // Which open transaction wrote what is not known here: the set empties once none is open.
      if (this.open === 0) this.inTransaction.clear();
    }
  }

  private bump(table: string) {
    this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
  }

  /** A stamp of the tables' versions: equal stamps mean no write to any of them in between. */
  stamp(tables: string[]): string {
    return tables.map((table) => this.versions.get(table) ?? 0).join(".");
  }
}

/**
 * Each database client's write tracker and totals (set by connectDatabase), so two databases in
 * one process (tests) never share a total. A transaction's client has none, and counts every time.
 */
const trackers = new WeakMap<object, TableWrites>();
/** The write tracker (and kept pages) of a database client; none for a transaction's. */
export const writesOf = (db: object): TableWrites | undefined => trackers.get(db);
export function trackWrites(db: object, writes: TableWrites): void {
  trackers.set(db, writes);
}

/** Something whose rows can be counted after a limit: a Drizzle select builder. */
export interface Countable {
  limit(limit: number | Placeholder): SQLWrapper;
}

export interface PageSpec {
  /** Every table the counted rows depend on (filters' tables too): a write to one drops the cached totals. */
  tables: Table[];
  /**
   * The filtered rows to count, selecting as little as possible (`select 1 ... where ...`,
   * ordered as the list when that lets PostgreSQL read an index instead of the table). It is
   * part of the page's statement, whose SQL and parameters key the total, so no filter or scope
   * can be left out.
   */
  counted: Countable;
}

/** The column a page's rows statement selects as `pageTotal`: the capped total, or null when it is known already. */
export type PageTotal = SQL<number | null>;

/**
 * A page's rows statement as a Drizzle select builder: awaited for its rows, its SQL the page's
 * key; `prepare` (Drizzle's, given "" for no name: db/prepared.ts names it) builds it once for both.
 */
export type PageRows<Row> = PromiseLike<Row[]> & {
  toSQL(): { sql: string; params: unknown[] };
  prepare?(name: string): { getQuery(): { sql: string; params: unknown[] }; execute(): Promise<Row[]> };
};

/** The count of a list's rows up to `limit` (the cap and one more), a scalar subquery. */
function countOf(spec: PageSpec, limit: number | Placeholder): SQL<number> {
  return sql<number>`(select count(*)::int from (${spec.counted.limit(limit)}) as counted)`;
}

/**
 * A list whose statement is built once per shape (Drizzle's placeholders): building a select
 * costs Node about as much as PostgreSQL spends running it. `key` names everything that changes
 * the statement's text (the list, the actor's role, which filters are set); `values` fills its
 * `sql.placeholder(name)`s. The page's window comes as placeholders too (`rows`' second argument).
 */
export interface PageShape {
  key: string;
  values: Record<string, unknown>;
}

/** A page's limit and offset: numbers, or placeholders when the list is built once per shape. */
export interface PageWindow {
  limit: number | Placeholder;
  offset: number | Placeholder;
}

type Built<Row> = { getQuery(): { sql: string; params: unknown[] }; execute(values?: Record<string, unknown>): Promise<Row[]> };
/** A shaped list's statements, by client and shape: with its total counted, and with it known. */
const builtShapes = new WeakMap<object, Map<string, { counting: Built<unknown>; known: Built<unknown> }>>();
const SHAPED_WINDOW = { limit: sql.placeholder("pageLimit"), offset: sql.placeholder("pageOffset") };

/**
 * One page of a list in one statement: `rows(pageTotal)` is the page's query with `pageTotal`
 * among its selected columns. That column is a scalar subquery over `spec.counted` capped at
 * `pagingSettings.cap` rows (PostgreSQL runs it once, as an InitPlan); when the total is cached
 * it is a plain null. Only a page past the end (no row to carry the total) counts on its own.
 *
 * The whole page is kept (page-cache.ts) when every table its statement reads has a version,
 * and served again while the versions the actor's identity statement read, and this process's
 * own writes since, leave those tables unchanged: then the request runs no statement of its own.
 */
export async function pageOf<Row extends { pageTotal: number | null }>(
  db: object,
  actor: { tableVersions?: string } | null,
  query: PageQuery,
  spec: PageSpec,
  rows: (pageTotal: PageTotal, window: PageWindow) => PageRows<Row>,
  shape?: PageShape,
): Promise<Paged<Omit<Row, "pageTotal">> & { totalCapped?: true }> {
  type Page = Paged<Omit<Row, "pageTotal">> & { totalCapped?: true };
  const writes = trackers.get(db);
  const tables = spec.tables.map((table) => getTableName(table));
  const { offset, limit } = pageWindow(query);
  // Counting at least to the end of this page keeps the total at least what is shown.
  const cap = Math.max(pagingSettings.cap, offset + limit);

  // Built once per request (building a select costs Drizzle about as much CPU as the database
  // spends on it), or once per shape: its text keys the kept page and the cached total, and the
  // same build runs when it must.
  let built: Built<Row> | undefined;
  let known: Built<Row> | undefined;
  let values: Record<string, unknown> | undefined;
  let text: string;
  let params: unknown[];
  if (shape) {
    values = { ...shape.values, pageLimit: limit, pageOffset: offset, pageCap: cap + 1 };
    let byShape = builtShapes.get(db);
    if (!byShape) {
      byShape = new Map();
      builtShapes.set(db, byShape);
    }
    let statements = byShape.get(shape.key);
    if (!statements) {
      const prepare = (pageTotal: PageTotal) => rows(pageTotal, SHAPED_WINDOW).prepare?.("") as Built<unknown> | undefined;
      const counting = prepare(countOf(spec, sql.placeholder("pageCap")));
      const knownTotal = prepare(sql<null>`null::int`);
      if (!counting || !knownTotal) throw new Error(`pageOf: the list ${shape.key} cannot be prepared`);
      statements = { counting, known: knownTotal };
      byShape.set(shape.key, statements);
    }
    built = statements.counting as Built<Row>;
    known = statements.known as Built<Row>;
    const query = built.getQuery();
    text = query.sql;
    params = fillPlaceholders(query.params, values);
  } else {
    const counting = rows(countOf(spec, cap + 1), { limit, offset });
    built = counting.prepare?.("");
    ({ sql: text, params } = built ? built.getQuery() : counting.toSQL());
    if (!built) built = { getQuery: () => ({ sql: text, params }), execute: () => Promise.resolve(counting) };
  }
  const key = `${text}\u0000${JSON.stringify(params)}`;
  // A transaction's client (no tracker) may read its own uncommitted writes: it never keeps a page.
  let pageRead: PageRead | null = null;
  if (writes) {
    pageRead = writes.pages.stampOf(text, actor?.tableVersions, (read) => writes.stamp(read));
    if (actor) recordPageRead(actor, pageRead);
    if (pageRead !== null) {
      const kept = writes.pages.get(key, pageRead.stamp);
      if (kept) return kept as Page;
    }
  }

  const now = Date.now();
  const cached = writes?.totals.get(key);
  const fresh = cached && cached.expires > now && cached.stamp === writes?.stamp(tables) ? cached : undefined;
  // Taken before the statement: a write while it runs leaves a stamp that no longer matches.
  const stamp = writes?.stamp(tables);

  const found = await (!fresh ? built.execute(values) : known ? known.execute(values) : rows(sql<null>`null::int`, { limit, offset }));
  let total: number;
  if (fresh) total = fresh.total;
  else if (found.length > 0) total = Number(found[0].pageTotal);
  else if (query.page === 1) total = 0;
  else if (values) {
    // Past the end: the first row (if any) carries the total.
    const [first] = await built.execute({ ...values, pageLimit: 1, pageOffset: 0 });
    total = first ? Number(first.pageTotal) : 0;
  } else {
    const execute = (db as { execute: (query: SQL) => Promise<{ rows: { total: number }[] }> }).execute.bind(db);
    total = Number((await execute(sql`select ${countOf(spec, cap + 1)} as total`)).rows[0]?.total ?? 0);
  }
  const capped = !fresh ? total > cap : fresh.capped;
  if (!fresh) total = Math.min(total, cap);
  if (!fresh && writes && stamp !== undefined) {
    const { totals } = writes;
    if (totals.size >= MAX_CACHED_TOTALS) totals.delete(totals.keys().next().value as string);
    totals.delete(key);
    totals.set(key, { total, capped, stamp, expires: now + pagingSettings.ttlMs });
  }
  const data = found.map(({ pageTotal: _, ...row }) => row);
  const page: Page = capped ? { data, page: query.page, total, totalCapped: true } : { data, page: query.page, total };
  if (writes && pageRead !== null) writes.pages.set(key, pageRead.stamp, page);
  return page;
}
