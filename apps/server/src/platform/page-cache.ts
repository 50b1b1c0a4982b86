/**
 * List pages kept in memory against table versions (migration 0015_table_versions). Each table a
 * page may be kept for has a version that every write statement bumps in its own transaction; the
 * request's identity statement reads all versions (ACTOR_COLUMNS), so a kept page is served only
 * when none of the tables its statement reads has changed since, whichever app node wrote. The
 * statement's own SQL and parameters are the key, so no filter, scope, order or page is left out.
 */

/** Tables named after FROM or JOIN, quoted (as Drizzle writes them) or not (hand-written SQL). */
const READ = /\b(?:from|join)\s+(?:only\s+)?(?:"?\w+"?\.)?"?(\w+)"?/gi;
/** Answers that change with the clock or by chance: a page using one is never kept. */
const VOLATILE =
  /\b(?:now|random|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday)\s*\(|\bcurrent_(?:date|time|timestamp)\b|\blocaltime(?:stamp)?\b/i;

/** Bounds memory under many distinct filters and pages: the oldest pages go first. */
const MAX_PAGES = 2_000;
const MAX_STATEMENTS = 500;

/** What a kept page depends on: the tables its statement reads, and their stamp when it was read. */
export interface PageRead {
  tables: string[];
  stamp: string;
}

export interface KeptPage<Page> {
  page: Page;
  stamp: string;
}

export class PageCache<Page> {
  private readonly pages = new Map<string, KeptPage<Page>>();
  /** The tables each statement text reads, or null when one of them has no version or the text is volatile. */
  private readonly readsBySql = new Map<string, string[] | null>();
  private lastVersionsText: string | undefined;
  private lastVersions = new Map<string, string>();

  /**
   * The stamp a page of `text` is kept under: the versions of the tables it reads, then
   * `localStamp` of them (this process's writes since, which a request that writes and then
   * lists has not seen in its versions); or null when the page cannot be kept (no versions
   * known, a table without a version, a volatile text).
   */
  stampOf(text: string, versionsText: string | undefined, localStamp: (tables: string[]) => string): PageRead | null {
    if (!versionsText) return null;
    const tables = this.tablesOf(text, this.parse(versionsText));
    return tables ? { tables, stamp: this.stampOfTables(tables, versionsText, localStamp) } : null;
  }

  /** The stamp of tables known to have versions (as `stampOf` found them). */
  stampOfTables(tables: string[], versionsText: string, localStamp: (tables: string[]) => string): string {
    const versions = this.parse(versionsText);
    let stamp = "";
    for (const table of tables) stamp += `${versions.get(table)}.`;
    return `${stamp}/${localStamp(tables)}`;
  }

  get(key: string, stamp: string): Page | undefined {
    const kept = this.pages.get(key);
    return kept && kept.stamp === stamp ? kept.page : undefined;
  }

  /** The page kept under `key` with its stamp, for a caller that works the current stamp out from it. */
  peek(key: string): KeptPage<Page> | undefined {
    return this.pages.get(key);
  }

  set(key: string, stamp: string, page: Page): void {
    this.pages.delete(key);
    if (this.pages.size >= MAX_PAGES) this.pages.delete(this.pages.keys().next().value as string);
    this.pages.set(key, { page, stamp });
  }

  private parse(text: string): Map<string, string> {
    // Every request of a quiet period carries the same text: parse it once.
    if (text !== this.lastVersionsText) {
      const parts = text.split(" ");
      const versions = new Map<string, string>();
      for (let index = 0; index + 1 < parts.length; index += 2) versions.set(parts[index] as string, parts[index + 1] as string);
      this.lastVersions = versions;
      this.lastVersionsText = text;
    }
    return this.lastVersions;
  }

  private tablesOf(text: string, versions: Map<string, string>): string[] | null {
    let tables = this.readsBySql.get(text);
    if (tables === undefined) {
      const names = new Set<string>();
      for (const [, name] of text.matchAll(READ)) names.add((name as string).toLowerCase());
      tables = VOLATILE.test(text) || [...names].some((name) => !versions.has(name)) ? null : [...names].sort();
      if (this.readsBySql.size >= MAX_STATEMENTS) this.readsBySql.delete(this.readsBySql.keys().next().value as string);
      this.readsBySql.set(text, tables);
    }
    return tables;
  }
}

/**
 * The page reads of a request being kept (kept-answers.ts), by its actor (one object per request):
 * pageOf reports each read here, null for one that cannot be kept.
 */
const recordings = new WeakMap<object, (PageRead | null)[]>();

export function recordPageRead(actor: object, read: PageRead | null): void {
  recordings.get(actor)?.push(read);
}

export async function recordingPageReads<T>(actor: object, run: () => Promise<T>): Promise<{ result: T; reads: (PageRead | null)[] }> {
  const reads: (PageRead | null)[] = [];
  recordings.set(actor, reads);
  try {
    return { result: await run(), reads };
  } finally {
    recordings.delete(actor);
  }
}
