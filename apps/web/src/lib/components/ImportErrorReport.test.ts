import { describe, expect, it } from "vitest";
import { reportCsv } from "./ImportErrorReport.tsx";

describe("reportCsv", () => {
  it("quotes every cell, keeps accents with a BOM, and guards formula-like text", async () => {
    const bytes = await reportCsv([
      ["Fila", "Columna", "Error"],
      [3, "Apellidos", '=HYPERLINK("x")'],
      [4, "Nombres", "Peña"],
    ]).arrayBuffer();
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text).toBe('\uFEFF"Fila","Columna","Error"\r\n"3","Apellidos","\'=HYPERLINK(""x"")"\r\n"4","Nombres","Peña"\r\n');
  });
});
