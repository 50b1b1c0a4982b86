import { describe, expect, it } from "vitest";
import { appendVariableToHtml, insertVariable } from "./email-text.ts";

describe("putting a variable in", () => {
  it("goes at the cursor of a plain field, or at its end", () => {
    expect(insertVariable("Hello !", "first_name", 6)).toEqual({ text: "Hello {{first_name}}!", cursor: 20 });
    expect(insertVariable("Hi ", "name", null)).toEqual({ text: "Hi {{name}}", cursor: 11 });
    expect(insertVariable("Hi", "name", 99).text).toBe("Hi{{name}}");
  });

  it("goes into the last paragraph of rich text, or a new one", () => {
    expect(appendVariableToHtml("<p>Dear</p>", "name")).toBe("<p>Dear {{name}}</p>");
    expect(appendVariableToHtml("<p></p>", "name")).toBe("<p>{{name}}</p>");
    expect(appendVariableToHtml("", "email")).toBe("<p>{{email}}</p>");
    expect(appendVariableToHtml("<ul><li>x</li></ul>", "email")).toBe("<ul><li>x</li></ul><p>{{email}}</p>");
  });
});
