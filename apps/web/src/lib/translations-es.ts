import { mergeTrees, type Tree } from "./translation-tree.ts";

/** Every `locales/es.json` of the app in one chunk, loaded only when the interface is in Spanish (lib/i18n.ts). */
export const translations: Tree = mergeTrees(Object.values(import.meta.glob<Tree>("../**/locales/es.json", { eager: true, import: "default" })));
