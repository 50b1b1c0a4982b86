/** Characters a spreadsheet reads as the start of a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell made safe to open in a spreadsheet: text with a leading formula character gets a `'`
 * before it. The one rule for every file the platform writes: the server's exports
 * (apps/server/src/platform/exports.ts) and the reports the browser saves.
 */
export function guardCell(value: string | number | boolean | null): string | number | boolean {
  if (value === null) return "";
  if (typeof value !== "string") return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}
