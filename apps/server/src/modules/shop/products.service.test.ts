import { describe, expect, it } from "vitest";
import { prefixQuery } from "./products.service.ts";

describe("the product search's query", () => {
  it("matches names whose words start with each searched word, whatever else is typed", () => {
    expect(prefixQuery("Bal PAD")).toEqual("bal:* & pad:*");
    expect(prefixQuery("cojín, 45cm!")).toEqual("cojín:* & 45cm:*");
    expect(prefixQuery("a' | !b & (c:*)")).toEqual("a:* & b:* & c:*");
    expect(prefixQuery(" ,;- ")).toBeNull();
  });
});
