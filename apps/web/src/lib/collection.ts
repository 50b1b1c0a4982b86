/** The list updates of spec §4, used on cached collections. */
export interface WithId {
  id: string | number;
}

/** Adding puts the new record first, without duplicates. */
export const addRecord = <T extends WithId>(list: readonly T[], record: T): T[] => [record, ...list.filter((item) => item.id !== record.id)];

/** Updating replaces the record with the same id. */
export const updateRecord = <T extends WithId>(list: readonly T[], record: T): T[] => list.map((item) => (item.id === record.id ? record : item));

/** Deleting removes it by id. */
export const removeRecord = <T extends WithId>(list: readonly T[], id: T["id"]): T[] => list.filter((item) => item.id !== id);

/** Further pages are appended, keeping the first copy of a record seen twice. */
export const appendPage = <T extends WithId>(list: readonly T[], page: readonly T[]): T[] => {
  const seen = new Set(list.map((item) => item.id));
  return [...list, ...page.filter((item) => !seen.has(item.id))];
};

/**
 * What a list shows with the records the user just added (spec §4): on its first page they come
 * first, newest first, and the server's copy of each is left out further down; on any other
 * page only that copy is left out, so a record never shows twice.
 */
export const withAdded = <T extends WithId>(rows: readonly T[], added: readonly T[], firstPage: boolean): T[] => {
  if (added.length === 0) return [...rows];
  const ids = new Set(added.map((item) => item.id));
  const rest = rows.filter((item) => !ids.has(item.id));
  return firstPage ? [...added, ...rest] : rest;
};

/** Adds several records at once, the first of them ending first (a bulk answer keeps its order). */
export const addRecords = <T extends WithId>(list: readonly T[], records: readonly T[]): T[] =>
  records.reduceRight<T[]>((current, record) => addRecord(current, record), [...list]);

type PageShape = { data: WithId[] };
const isPage = (value: unknown): value is PageShape => typeof value === "object" && value !== null && Array.isArray((value as PageShape).data);

/** `change` applied to the records of a cached list answer: a page `{ data }`, an infinite query's `{ pages }`, or a plain array; anything else is answered untouched. */
function inCached<T>(cached: T, change: (list: WithId[]) => WithId[]): T {
  if (Array.isArray(cached)) return change(cached as WithId[]) as T;
  if (isPage(cached)) return { ...cached, data: change(cached.data) };
  const pages = (cached as { pages?: unknown[] } | undefined)?.pages;
  if (Array.isArray(pages) && pages.every(isPage)) return { ...(cached as object), pages: pages.map((page) => ({ ...page, data: change(page.data) })) } as T;
  return cached;
}

/** A cached list answer with `record` replaced where its id is. */
export const replaceInCached = <T>(cached: T, record: WithId): T => inCached(cached, (list) => updateRecord(list, record));

/** A cached list answer without the record `id`. */
export const removeFromCached = <T>(cached: T, id: WithId["id"]): T => inCached(cached, (list) => removeRecord(list, id));
