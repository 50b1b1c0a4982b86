import { mergeTrees, type Tree } from "./translation-tree.ts";

/**
 * The Spanish texts every page of the app shows (the shell, forms, notices, shared components,
 * accounts: apps/web/vite-texts.ts CORE_TEXT_DIRS), loaded only when the interface is in Spanish
 * (lib/i18n.ts). Each module's own texts load with its code (lib/texts.ts).
 */
export const translations: Tree = mergeTrees(
  Object.values(
    import.meta.glob<Tree>(["../locales/es.json", "./components/locales/es.json", "../modules/accounts/locales/es.json"], { eager: true, import: "default" }),
  ),
);
