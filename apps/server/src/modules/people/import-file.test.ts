import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpError } from "../../platform/errors.ts";
import { decodeText, parseCsv, readSheet } from "./import-file.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "import-file-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The 400 body a read refuses with. */
async function refusal(read: () => unknown): Promise<Record<string, unknown>> {
  try {
    await read();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    return (error as HttpError).body;
  }
  throw new Error("The read was not refused");
}

async function xlsxFile(name: string, fill: (sheet: ExcelJS.Worksheet) => void): Promise<{ file: string; head: Buffer }> {
  const workbook = new ExcelJS.Workbook();
  fill(workbook.addWorksheet("People"));
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return { file, head: bytes.subarray(0, 16) };
}

describe("decodeText", () => {
  it("reads UTF-8 with and without its BOM", () => {
    expect(decodeText(Buffer.from("\uFEFFPeña", "utf8"))).toBe("Peña");
    expect(decodeText(Buffer.from("Peña", "utf8"))).toBe("Peña");
  });

  it("falls back to Windows-1252 so a Latin-1 file keeps its accents", () => {
    expect(decodeText(Buffer.from("Peña;Müller", "latin1"))).toBe("Peña;Müller");
    expect(decodeText(Buffer.from([0x50, 0x65, 0xf1, 0x61, 0x20, 0x80]))).toBe("Peña €");
  });

  it("refuses a file mixing UTF-8 and Latin-1", async () => {
    const mixed = Buffer.concat([Buffer.from("Peña,", "utf8"), Buffer.from("Muñoz", "latin1")]);
    const body = await refusal(() => decodeText(mixed));
    expect(body.file).toEqual([expect.stringContaining("mixes text encodings")]);
  });
});

describe("parseCsv", () => {
  it("skips empty lines and keeps each row's line number in the file", () => {
    const sheet = parseCsv(Buffer.from("Nombres,Apellidos,Email\r\n\r\nAna,Peña,ana@x.test\r\n,,\r\nLuis,Sol,luis@x.test\r\n"), 10);
    expect(sheet.headers).toEqual(["Nombres", "Apellidos", "Email"]);
    expect(sheet.rows).toEqual([
      { line: 3, cells: ["Ana", "Peña", "ana@x.test"] },
      { line: 5, cells: ["Luis", "Sol", "luis@x.test"] },
    ]);
  });

  it("refuses 100 000 rows at once with a clear error", async () => {
    const text = `a,b,c\n${"x,y,z@x.test\n".repeat(100_000)}`;
    const started = performance.now();
    const body = await refusal(() => parseCsv(Buffer.from(text), 5000));
    expect(body.file).toEqual([expect.stringContaining("too many rows: at most 5000")]);
    // Guards against reading on after the limit, not a timing assertion on the machine's speed.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("refuses a file with a header and no rows", async () => {
    expect((await refusal(() => parseCsv(Buffer.from("a,b\n\n"), 10))).file).toEqual([expect.stringContaining("no rows")]);
  });
});

describe("readSheet (XLSX)", () => {
  it("reads the first sheet's text and reports formulas instead of evaluating them", async () => {
    const { file, head } = await xlsxFile("formulas.xlsx", (sheet) => {
      sheet.addRow(["Nombres", "Apellidos", "Email"]);
      sheet.addRow(["Ana", "Peña", "ana@x.test"]);
      sheet.addRow([]);
      sheet.addRow(["Luis", { formula: 'HYPERLINK("http://evil.test","x")', result: "x" }, "luis@x.test"]);
    });
    const sheet = await readSheet(file, head, 10);
    expect(sheet.headers).toEqual(["Nombres", "Apellidos", "Email"]);
    expect(sheet.rows).toEqual([
      { line: 2, cells: ["Ana", "Peña", "ana@x.test"] },
      { line: 4, cells: ["Luis", { formula: '=HYPERLINK("http://evil.test","x")' }, "luis@x.test"] },
    ]);
  });

  it("refuses a sheet past the row limit", async () => {
    const { file, head } = await xlsxFile("long.xlsx", (sheet) => {
      sheet.addRow(["Nombres", "Apellidos", "Email"]);
      for (let index = 0; index < 30; index++) sheet.addRow(["A", "B", `p${index}@x.test`]);
    });
    expect((await refusal(() => readSheet(file, head, 20))).file).toEqual([expect.stringContaining("too many rows: at most 20")]);
  });

  it("reads the first sheet of a workbook ExcelJS wrote (its workbook part stored last), the same every time", async () => {
    const workbook = new ExcelJS.Workbook();
    const people = workbook.addWorksheet("People");
    people.addRow(["Nombres", "Apellidos", "Email"]);
    for (let index = 0; index < 40; index++) people.addRow([`Ana ${index}`, "Peña", `ana${index}@x.test`]);
    workbook.addWorksheet("Notes").addRow(["not read"]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const file = path.join(dir, "two-sheets.xlsx");
    await writeFile(file, bytes);
    for (let attempt = 0; attempt < 10; attempt++) {
      const sheet = await readSheet(file, bytes.subarray(0, 16), 100);
      expect(sheet.headers).toEqual(["Nombres", "Apellidos", "Email"]);
      expect(sheet.rows).toHaveLength(40);
    }
    // Read whole, the row limit still holds.
    expect((await refusal(() => readSheet(file, bytes.subarray(0, 16), 39))).file).toEqual([expect.stringContaining("too many rows: at most 39")]);
  });

  it("refuses a zip that is not a workbook", async () => {
    const file = path.join(dir, "broken.xlsx");
    const bytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    await writeFile(file, bytes);
    expect((await refusal(() => readSheet(file, bytes.subarray(0, 16), 20))).file).toEqual([expect.stringContaining("could not be read")]);
  });
});
