import type { TFunction } from "i18next";

/**
 * What an empty list says. With a search typed, that nothing matches it, the search quoted
 * (`noMatchKey` takes `{{q}}`): "No activities yet." to a search that found nothing would tell a
 * full catalogue it has none. Without one, `noneKey`: there is nothing (yet, or in this filter).
 * Pass the search the shown rows answer (usePagedList's `searched`), not the text still being typed.
 */
export function emptyListText(t: TFunction, search: string, noneKey: string, noMatchKey: string): string {
  const q = search.trim();
  return q ? t(noMatchKey, { q }) : t(noneKey);
}
