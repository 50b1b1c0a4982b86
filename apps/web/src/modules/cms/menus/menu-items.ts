import { type CmsMenuInput, type CmsMenuItemView, type CmsMenuView, NAVIGATION_MESSAGES } from "@clinic/shared";

/**
 * The menus editor's model (issue 39 "Navigation"): the items of one menu, nested one level, as
 * pure functions the screen and the tests share. An item is addressed by its place: [index] at the
 * top, [parent, index] below it. Every move answers the new list and what to announce to screen
 * readers, so keyboard moves and drags change the saved order the same way.
 */

export interface MenuItem {
  /** Stable across moves (React keys, focus after a move); never sent. */
  key: string;
  label: string;
  /** What the item points to: a page of the site (pageId) or an address (url). */
  target: "page" | "url";
  pageId: number | null;
  /** The page's title as the picker shows it (or the label when only the id is known). */
  pageTitle: string;
  url: string;
  /** Its page was deleted: flagged until pointed elsewhere or removed. */
  missing: boolean;
  children: MenuItem[];
}

export type Place = readonly [number] | readonly [number, number];

let nextKey = 0;
const newKey = () => `item-${++nextKey}`;

export function emptyItem(): MenuItem {
  return { key: newKey(), label: "", target: "page", pageId: null, pageTitle: "", url: "", missing: false, children: [] };
}

function fromItem(item: Omit<CmsMenuItemView, "children"> & { children?: CmsMenuItemView["children"] }): MenuItem {
  return {
    key: newKey(),
    label: item.label,
    target: item.pageId === null ? "url" : "page",
    pageId: item.pageId,
    pageTitle: item.pageId === null ? "" : item.label,
    url: item.pageId === null ? item.url : "",
    missing: item.missing,
    children: (item.children ?? []).map(fromItem),
  };
}

export const itemsOf = (view: CmsMenuView): MenuItem[] => view.items.map(fromItem);

/** The body of PUT /api/cms/menus/:location/:language: the items in order, each pointing to a page or an address. */
export function menuBody(items: MenuItem[]): CmsMenuInput {
  const plain = (item: MenuItem) =>
    item.target === "page" ? { label: item.label.trim(), pageId: item.pageId, url: "" } : { label: item.label.trim(), pageId: null, url: item.url.trim() };
  return { items: items.map((item) => ({ ...plain(item), children: item.children.map(plain) })) };
}

/** The list with the item at `place` replaced by `change(item)`. */
export function updateAt(items: MenuItem[], place: Place, change: (item: MenuItem) => MenuItem): MenuItem[] {
  const [top, child] = place;
  return items.map((item, index) => {
    if (index !== top) return item;
    if (child === undefined) return change(item);
    return { ...item, children: item.children.map((sub, at) => (at === child ? change(sub) : sub)) };
  });
}

export function removeAt(items: MenuItem[], place: Place): MenuItem[] {
  const [top, child] = place;
  if (child === undefined) return items.filter((_, index) => index !== top);
  return updateAt(items, [top], (item) => ({ ...item, children: item.children.filter((_, at) => at !== child) }));
}

export function itemAt(items: MenuItem[], place: Place): MenuItem | undefined {
  const [top, child] = place;
  return child === undefined ? items[top] : items[top]?.children[child];
}

const swap = <T>(list: T[], a: number, b: number): T[] => {
  const copy = [...list];
  [copy[a], copy[b]] = [copy[b] as T, copy[a] as T];
  return copy;
};

export type Move = "up" | "down" | "indent" | "outdent";

/** What a move would do, or null when it cannot (first item up, a parent indented, ...): the buttons are disabled then. */
export function move(items: MenuItem[], place: Place, direction: Move): { items: MenuItem[]; place: Place } | null {
  const [top, child] = place;
  if (child === undefined) {
    const item = items[top];
    if (!item) return null;
    if (direction === "up") return top > 0 ? { items: swap(items, top, top - 1), place: [top - 1] } : null;
    if (direction === "down") return top < items.length - 1 ? { items: swap(items, top, top + 1), place: [top + 1] } : null;
    if (direction === "outdent") return null;
    // Indent: becomes the last child of the item above; one level only, so an item with children stays.
    const above = items[top - 1];
    if (!above || item.children.length > 0) return null;
    const next = items.filter((_, index) => index !== top);
    next[top - 1] = { ...above, children: [...above.children, item] };
    return { items: next, place: [top - 1, above.children.length] };
  }
  const parent = items[top];
  const item = parent?.children[child];
  if (!parent || !item) return null;
  if (direction === "up")
    return child > 0 ? { items: updateAt(items, [top], (p) => ({ ...p, children: swap(p.children, child, child - 1) })), place: [top, child - 1] } : null;
  if (direction === "down")
    return child < parent.children.length - 1
      ? { items: updateAt(items, [top], (p) => ({ ...p, children: swap(p.children, child, child + 1) })), place: [top, child + 1] }
      : null;
  if (direction === "indent") return null;
  // Outdent: leaves its parent and comes right after it at the top level.
  const next = removeAt(items, place);
  next.splice(top + 1, 0, item);
  return { items: next, place: [top + 1] };
}

/**
 * A drop (native drag and drop): the dragged item takes the target's place, at the target's level.
 * An item with children dropped among children, or onto itself, changes nothing.
 */
export function dropOn(items: MenuItem[], from: Place, to: Place): { items: MenuItem[]; place: Place } | null {
  const item = itemAt(items, from);
  if (!item || from.join() === to.join()) return null;
  if (to.length === 2 && item.children.length > 0) return null;
  const target = itemAt(items, to);
  if (!target) return null;
  const without = removeAt(items, from);
  // The target's place once the dragged item is out of the list.
  const findTarget = (list: MenuItem[]): Place | null => {
    for (const [index, top] of list.entries()) {
      if (top.key === target.key) return [index];
      const at = top.children.findIndex((sub) => sub.key === target.key);
      if (at >= 0) return [index, at];
    }
    return null;
  };
  const at = findTarget(without);
  if (!at) return null;
  const movedDown = comparePlaces(from, to) < 0;
  if (at.length === 1) {
    const index = movedDown ? at[0] + 1 : at[0];
    const next = [...without];
    next.splice(index, 0, item);
    return { items: next, place: [index] };
  }
  const [parent, child] = at;
  const index = movedDown && from.length === 2 && from[0] === to[0] ? child + 1 : child;
  return {
    items: updateAt(without, [parent], (p) => ({ ...p, children: [...p.children.slice(0, index), item, ...p.children.slice(index)] })),
    place: [parent, index],
  };
}

/** Document order of two places. */
function comparePlaces(a: Place, b: Place): number {
  return a[0] !== b[0] ? a[0] - b[0] : (a[1] ?? -1) - (b[1] ?? -1);
}

/** Where an item is, in words for the live region: its position, and its parent when nested. */
export function positionWords(items: MenuItem[], place: Place): { position: number; count: number; parent: string | null } {
  const [top, child] = place;
  if (child === undefined) return { position: top + 1, count: items.length, parent: null };
  const parent = items[top];
  return { position: child + 1, count: parent?.children.length ?? 0, parent: parent?.label || null };
}

/** A 400's field errors ("items.1.children.0.pageId": [...]) by item key, and those not tied to one. */
export function errorsByItem(items: MenuItem[], fields: Record<string, string[]>): { byKey: Map<string, string[]>; other: string[] } {
  const byKey = new Map<string, string[]>();
  const other: string[] = [];
  for (const [field, messages] of Object.entries(fields)) {
    const match = /^items\.(\d+)(?:\.children\.(\d+))?(?:\.|$)/.exec(field);
    const item = match ? itemAt(items, match[2] === undefined ? [Number(match[1])] : [Number(match[1]), Number(match[2])]) : undefined;
    if (item) byKey.set(item.key, [...(byKey.get(item.key) ?? []), ...messages]);
    else other.push(...messages);
  }
  return { byKey, other };
}

/** The key of a navigation message the server sent (NAVIGATION_MESSAGES), to translate it; null for another text. */
export function navigationMessageKey(message: string): keyof typeof NAVIGATION_MESSAGES | null {
  const found = Object.entries(NAVIGATION_MESSAGES).find(([, text]) => text === message);
  return found ? (found[0] as keyof typeof NAVIGATION_MESSAGES) : null;
}
