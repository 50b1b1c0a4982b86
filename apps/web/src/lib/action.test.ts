import { SHOP_MANAGE_MESSAGES } from "@clinic/shared";
import { QueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api.ts";
import { actionCallbacks } from "./resource.ts";
import { initTestI18n } from "./test-i18n.ts";
// The shop registers its refusal texts where its screens call the API.
import "../modules/shop/manage/api.ts";

/** The one action hook's answers (useAction), driven without React through its callbacks. */
const i18n = i18next.createInstance();
beforeAll(() => initTestI18n(i18n, "en"));

function setup() {
  const client = new QueryClient();
  const notices = { success: vi.fn(), error: vi.fn() };
  return { client, notices, deps: { client, notices, t: i18n.t } };
}

describe("the one action hook", () => {
  it("words its notice as the call answers, before onSuccess changes what the wording reads, and shows it last", async () => {
    const { deps, notices, client } = setup();
    const refetch = vi.spyOn(client, "invalidateQueries");
    const steps: string[] = [];
    let editing = true;
    const callbacks = actionCallbacks<{ id: number }, { title: string }>(
      {
        invalidate: [["discounts"]],
        success: (saved, input) => `${editing ? "Updated" : "Created"} ${saved.title} #${input.id}`,
        onSuccess: () => {
          steps.push("onSuccess");
          // The dialog closes: an edit would now read as an "add".
          editing = false;
        },
      },
      deps,
    );
    notices.success.mockImplementation(() => steps.push("notice"));
    await callbacks.onSuccess({ title: "Spring" }, { id: 7 });
    expect(notices.success).toHaveBeenCalledWith("Updated Spring #7");
    expect(steps).toEqual(["onSuccess", "notice"]);
    expect(refetch).toHaveBeenCalledWith({ queryKey: ["discounts"] });
  });

  it("tells a module's refusal in the language current when the call answered, after the form and the screen heard it", async () => {
    const { deps, notices } = setup();
    const onFieldErrors = vi.fn();
    const onFailure = vi.fn();
    const callbacks = actionCallbacks<string, void>({ onFieldErrors, onFailure }, deps);
    const [code, text] = Object.entries(SHOP_MANAGE_MESSAGES)[0] as [string, string];
    await i18n.changeLanguage("es");
    try {
      callbacks.onError(new ApiError(400, { name: [text] }), "input");
    } finally {
      await i18n.changeLanguage("en");
    }
    expect(onFieldErrors).toHaveBeenCalledWith({ name: [text] });
    expect(onFailure).toHaveBeenCalledWith(expect.any(ApiError), "input");
    const shown = notices.error.mock.calls[0]?.[0] as ApiError;
    expect(shown.status).toBe(400);
    expect(shown.fieldErrors.name).toEqual([i18n.t(`shopManage.errors.${code}`, { lng: "es" })]);
    expect(shown.fieldErrors.name?.[0]).not.toBe(text);
  });

  it("leaves a failure that is no refusal as it is", () => {
    const { deps, notices } = setup();
    const failure = new Error("offline");
    actionCallbacks({}, deps).onError(failure, undefined);
    expect(notices.error).toHaveBeenCalledWith(failure);
  });
});
