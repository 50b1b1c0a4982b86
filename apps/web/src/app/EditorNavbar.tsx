/**
 * The editor navbar lives in lib/components/EditorNavbar.tsx: pages import it from there, since
 * modules never import app/ (import-graph.test.ts). This name stays until every page has moved.
 */
export { EditorNavbar, type EditorNavbarProps } from "../lib/components/EditorNavbar.tsx";
