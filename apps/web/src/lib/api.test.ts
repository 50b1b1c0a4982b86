import { describe, expect, it } from "vitest";
import { dispositionFilename } from "./api.ts";

describe("a downloaded file's name", () => {
  it("is the Content-Disposition's, the UTF-8 one first", () => {
    expect(dispositionFilename('attachment; filename="progress-report-2026-03-01-2026-03-31.pdf"')).toBe("progress-report-2026-03-01-2026-03-31.pdf");
    expect(dispositionFilename("attachment; filename=\"informe.pdf\"; filename*=UTF-8''informe%20de%20Pe%C3%B1a.pdf")).toBe("informe de Peña.pdf");
    expect(dispositionFilename("attachment; filename=plain.csv")).toBe("plain.csv");
  });

  it("is null without one", () => {
    expect(dispositionFilename(null)).toBeNull();
    expect(dispositionFilename("inline")).toBeNull();
  });
});
