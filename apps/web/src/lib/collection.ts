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
