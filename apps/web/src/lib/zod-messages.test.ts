import { requiredText, SHARED_MESSAGES, storableText, userId } from "@clinic/shared";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { setLoginLanguage, t } from "../modules/accounts/login-i18n.ts";
import { ApiError } from "./api.ts";
import { sharedMessage } from "./field-messages.ts";
import { describeFailure } from "./notices.tsx";
import { applyZodMessages } from "./zod-messages.ts";

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

const SPANISH = {
  userId: "Debe ser un id de usuario (un UUID).",
  unicode: "Debe ser texto Unicode válido.",
  nul: "No debe contener caracteres NUL.",
};

// The shared schemas' own messages: zod ranks a schema's message above the app's config, so these pass through it on purpose.
describe("the shared schemas' messages", () => {
  afterAll(() => z.config({ customError: undefined }));

  it("speak Spanish in a Spanish interface, in forms and in a server's answer", async () => {
    await setLoginLanguage("es");
    applyZodMessages("es", t);
    expect(firstMessage(userId(), "not-a-uuid")).toBe(SPANISH.userId);
    expect(firstMessage(requiredText(20), "a\ud800b")).toBe(SPANISH.unicode);
    expect(firstMessage(storableText(20), "a\ud800b")).toBe(SPANISH.unicode);
    expect(firstMessage(storableText(20), "a\u0000b")).toBe(SPANISH.nul);
    for (const [key, text] of Object.entries(SHARED_MESSAGES)) expect(sharedMessage(t, text)).toBe(SPANISH[key as keyof typeof SPANISH]);
    expect(describeFailure(new ApiError(400, { therapist: [SHARED_MESSAGES.userId] }), t)).toBe(`${SPANISH.userId} (400)`);
    expect(sharedMessage(t, "Something else.")).toBe("Something else.");
  });

  it("stay the API's English in English, and with no config at all (the server)", async () => {
    await setLoginLanguage("en");
    applyZodMessages("en", t);
    expect(firstMessage(userId(), "not-a-uuid")).toBe(SHARED_MESSAGES.userId);
    expect(firstMessage(requiredText(20), "a\ud800b")).toBe(SHARED_MESSAGES.unicode);
    z.config({ customError: undefined });
    expect(firstMessage(userId(), "not-a-uuid")).toBe(SHARED_MESSAGES.userId);
    expect(firstMessage(storableText(20), "a\u0000b")).toBe(SHARED_MESSAGES.nul);
  });
});
