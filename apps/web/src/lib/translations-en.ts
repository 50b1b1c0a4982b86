import { mergeTrees, type Tree } from "./translation-tree.ts";

/**
 * The English texts every page of the app shows (the shell, forms, notices, shared components,
 * accounts: apps/web/vite-texts.ts CORE_TEXT_DIRS), loaded only when the interface is in English
 * (lib/i18n.ts). Each module's own texts load with its code (lib/texts.ts).
 */
export const translations: Tree = mergeTrees(
  Object.values(
    import.meta.glob<Tree>(["../locales/en.json", "./components/locales/en.json", "../modules/accounts/locales/en.json"], { eager: true, import: "default" }),
  ),
);
