import { describe, expect, it } from "vitest";
import { routeAt } from "./router.tsx";

// The first page's chunks are asked for before it renders (preloadPage): only for the signed-in
// pages of the registry, found by the same paths the router matches.
describe("the page a first load opens", () => {
  it("is the registry route whose path matches, parameters and a trailing slash included", () => {
    expect(routeAt("/manager/patient")?.id).toBe("patientHome");
    expect(routeAt("/manager/admin/assign")?.id).toBe("assign");
    expect(routeAt("/manager/admin/assign/")?.id).toBe("assign");
    expect(routeAt("/shop/app/store")?.id).toBe("shopStorefront");
    expect(routeAt("/shop/app/store/product/12")?.id).toBe("shopProduct");
  });

  it("is none for the pages outside the registry: the site root, sign-in, set password, an unknown address", () => {
    for (const path of ["/", "/accounts/login/", "/accounts/set-password/", "/nowhere"]) expect(routeAt(path), path).toBeUndefined();
  });
});
