import { BROADCAST_MESSAGES, FORBIDDEN_MARKUP_MESSAGE, FORM_MESSAGES, SHOP_MANAGE_MESSAGES, STATISTICS_MESSAGES } from "@clinic/shared";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "./api.ts";
import { refusalText, translatedFailure } from "./refusals.ts";
import { initTestI18n } from "./test-i18n.ts";
// Each module registers its translator where its screens call the API.
import "../modules/broadcasts/api.ts";
import "../modules/clinic/forms/api.ts";
import "../modules/clinic/statistics/messages.ts";
import "../modules/shop/manage/api.ts";

const spanish = i18next.createInstance();
beforeAll(() => initTestI18n(spanish, "es"));

describe("refusals in the interface language (the one action hook's notices)", () => {
  it("translates each module's refusal texts by key", () => {
    const t = spanish.t;
    for (const [message, key] of [
      [SHOP_MANAGE_MESSAGES[Object.keys(SHOP_MANAGE_MESSAGES)[0] as keyof typeof SHOP_MANAGE_MESSAGES], "shopManage.errors"],
      [BROADCAST_MESSAGES.endBeforeStart, "broadcasts.errors"],
      [FORM_MESSAGES.formHasAnswers, "dynamicForms.messages"],
      [STATISTICS_MESSAGES[Object.keys(STATISTICS_MESSAGES)[0] as keyof typeof STATISTICS_MESSAGES], "statistics.messages"],
    ] as const) {
      const text = refusalText(t, message);
      expect(text, message).not.toBe(message);
      expect(text, message).not.toContain(key);
    }
    expect(refusalText(t, "Words of the server's own.")).toBe("Words of the server's own.");
  });

  it("words a failure's body in the interface language and keeps its status and fields", () => {
    const failure = translatedFailure(
      new ApiError(400, { detail: FORBIDDEN_MARKUP_MESSAGE, messageEn: [BROADCAST_MESSAGES.endBeforeStart, "Kept."], count: 3 }),
      spanish.t,
    );
    expect(failure).toBeInstanceOf(ApiError);
    const { status, body, fieldErrors } = failure as ApiError;
    expect(status).toBe(400);
    // A text several modules share is told by whichever knows it first: each has it in Spanish.
    expect([spanish.t("shopManage.errors.forbiddenMarkup"), spanish.t("broadcasts.errors.forbiddenMarkup")]).toContain(body.detail);
    expect(fieldErrors.messageEn).toEqual([spanish.t("broadcasts.errors.endBeforeStart"), "Kept."]);
    expect(body.count).toBe(3);
    const plain = new Error("boom");
    expect(translatedFailure(plain, spanish.t)).toBe(plain);
  });
});
