/** A language's texts: each module's `locales/<language>.json` keys its own subtree. */
export type Tree = { [key: string]: string | Tree };

/** Merges the given files' trees into one (a later file adds to, or overrides, an earlier one). */
export function mergeTrees(trees: Tree[]): Tree {
  const merge = (target: Tree, source: Tree): Tree => {
    for (const [key, value] of Object.entries(source)) {
      if (typeof value === "object" && typeof target[key] === "object") merge(target[key] as Tree, value);
      else target[key] = typeof value === "object" ? merge({}, value) : value;
    }
    return target;
  };
  return trees.reduce(merge, {});
}
