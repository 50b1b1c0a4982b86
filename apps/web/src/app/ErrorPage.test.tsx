import i18next, { type i18n as I18n } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../lib/api.ts";
import { initTestI18n } from "../lib/test-i18n.ts";
import { textOf } from "../lib/test-render.tsx";
import { ErrorPage } from "./ErrorPage.tsx";
import { appRoutes } from "./router.tsx";

const english = i18next.createInstance();
const spanish = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(english);
  await initTestI18n(spanish, "es");
});

/** The error page of a route whose data failed with `failure`, as text. */
async function errorPageText(failure: unknown, language: I18n = english): Promise<string> {
  const router = createMemoryRouter(
    [
      {
        path: "*",
        loader: () => {
          throw failure;
        },
        element: <p>never shown</p>,
        errorElement: <ErrorPage />,
      },
    ],
    { initialEntries: ["/manager/patient"] },
  );
  await new Promise<void>((resolve) => {
    if (router.state.initialized) resolve();
    else router.subscribe((state) => state.initialized && resolve());
  });
  const text = textOf(
    renderToString(
      <I18nextProvider i18n={language}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    ),
  );
  router.dispose();
  return text;
}

describe("the error page", () => {
  it("shows the server's reference for a 500, in English and Spanish", async () => {
    const failure = new ApiError(500, { detail: "An error occurred" }, "8d0c2a1e-5b7f-4c3d-9e21-0f6b7a9c4d10");
    const text = await errorPageText(failure);
    expect(text).toContain("Something went wrong");
    expect(text).toContain("Reference: 8d0c2a1e-5b7f-4c3d-9e21-0f6b7a9c4d10");
    expect(text).not.toContain("never shown");
    expect(await errorPageText(failure, spanish)).toContain("Referencia: 8d0c2a1e-5b7f-4c3d-9e21-0f6b7a9c4d10");
  });

  it("shows no reference for a failure that carries none, or that is not the server's", async () => {
    expect(await errorPageText(new Error("a bug in the page"))).not.toContain("Reference");
    expect(await errorPageText(new ApiError(403, {}, "abc"))).not.toContain("Reference");
  });

  it("is the error element of every route of the app", () => {
    for (const route of appRoutes()) expect(route.errorElement, route.path ?? "(layout)").toBeTruthy();
  });
});
