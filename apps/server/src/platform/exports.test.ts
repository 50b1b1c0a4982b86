import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { exportFile, guardCell } from "./exports.ts";

const columns = [
  { header: "Name", value: (row: { name: string; count: number }) => row.name },
  { header: "Count", value: (row: { name: string; count: number }) => row.count },
];
const hostile = ['=HYPERLINK("http://evil.test")', "+1+2", "-3", "@SUM(A1)", "\tTab", "\rReturn", "Peña"];

describe("guardCell", () => {
  it("prefixes text that a spreadsheet would read as a formula, and leaves the rest", () => {
    expect(hostile.map(guardCell)).toEqual(['\'=HYPERLINK("http://evil.test")', "'+1+2", "'-3", "'@SUM(A1)", "'\tTab", "'\rReturn", "Peña"]);
    expect(guardCell(-3)).toBe(-3);
    expect(guardCell(null)).toBe("");
  });
});

describe("exportFile", () => {
  const rows = hostile.map((name, count) => ({ name, count }));

  it("writes a CSV with a BOM, every hostile cell guarded", async () => {
    const text = (await exportFile("csv", "people", columns, rows)).toString("utf8");
    expect(text.startsWith("\uFEFFName,Count\r\n")).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"")",0`);
    expect(text).toContain("'@SUM(A1),3");
    expect(text).toContain("Peña,6");
    expect(text).not.toMatch(/(^|\n|,)[=+@]/);
  });

  it("writes an XLSX whose cells hold the guarded text, never a formula", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exportFile("xlsx", "people", columns, rows)) as never);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("no sheet");
    expect(sheet.getRow(1).values).toEqual([undefined, "Name", "Count"]);
    const names = rows.map((_, index) => sheet.getRow(index + 2).getCell(1).value);
    // XML turns the lone CR into a line feed on reading; what matters is the leading quote and plain text.
    expect(names.slice(0, 4)).toEqual(hostile.slice(0, 4).map(guardCell));
    expect(names.slice(0, 6).every((value) => typeof value === "string" && value.startsWith("'"))).toBe(true);
    expect(names[6]).toBe("Peña");
  });
});
