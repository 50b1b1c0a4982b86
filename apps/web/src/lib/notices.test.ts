import { describe, expect, it } from "vitest";
import { ApiError } from "./api.ts";
import { describeFailure } from "./notices.tsx";

const t = (key: string) => `<${key}>`;

describe("describeFailure", () => {
  it("shows a 400's detail or first field message with the status", () => {
    expect(describeFailure(new ApiError(400, { detail: "Bad thing" }), t)).toBe("Bad thing (400)");
    expect(describeFailure(new ApiError(400, { name: ["Required"] }), t)).toBe("Required (400)");
    expect(describeFailure(new ApiError(400, { message: "Invalid password", code: "INVALID_PASSWORD" }), t)).toBe("Invalid password (400)");
  });

  it("uses the translated text of a known status, never the server's English", () => {
    expect(describeFailure(new ApiError(403, { detail: "You do not have permission" }), t)).toBe("<errors.status403> (403)");
    expect(describeFailure(new ApiError(0, {}), t)).toBe("<errors.status0>");
  });

  it("falls back to the spec's generic text", () => {
    expect(describeFailure(new ApiError(418, {}), t)).toBe("<notices.fallback> (418)");
    expect(describeFailure(new Error("boom"), t)).toBe("<notices.fallback>");
  });

  it("gives the reference of a failure of the server (500, 503), from the X-Request-Id header or the body", () => {
    expect(describeFailure(new ApiError(500, { detail: "An error occurred" }, "req-1"), t)).toBe("<errors.status500> (500) <errors.reference> req-1");
    expect(describeFailure(new ApiError(500, { detail: "An error occurred", requestId: "req-2" }), t)).toBe(
      "<errors.status500> (500) <errors.reference> req-2",
    );
    expect(describeFailure(new ApiError(503, { detail: "Down" }, "req-3"), t)).toBe("<errors.status503> (503) <errors.reference> req-3");
    // The header wins over the body: it is the id the server logged under.
    expect(new ApiError(500, { requestId: "body" }, "header").requestId).toBe("header");
  });

  it("gives no reference for the user's own failures, nor for a 500 without one", () => {
    expect(describeFailure(new ApiError(403, {}, "req-4"), t)).toBe("<errors.status403> (403)");
    expect(describeFailure(new ApiError(400, { detail: "Bad thing" }, "req-5"), t)).toBe("Bad thing (400)");
    expect(describeFailure(new ApiError(500, {}), t)).toBe("<errors.status500> (500)");
  });

  it("reads field errors only from 400 bodies", () => {
    expect(new ApiError(400, { name: ["Too long"], detail: "x" }).fieldErrors).toEqual({ name: ["Too long"] });
    expect(new ApiError(409, { name: ["Too long"] }).fieldErrors).toEqual({});
  });
});
