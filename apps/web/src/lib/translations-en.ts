import { mergeTrees, type Tree } from "./translation-tree.ts";

/** Every `locales/en.json` of the app in one chunk, loaded only when the interface is in English (lib/i18n.ts). */
export const translations: Tree = mergeTrees(Object.values(import.meta.glob<Tree>("../**/locales/en.json", { eager: true, import: "default" })));
