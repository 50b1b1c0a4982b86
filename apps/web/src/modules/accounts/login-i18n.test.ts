import { describe, expect, it } from "vitest";
import { initLoginI18n, loginLanguage, onLoginLanguage, setLoginLanguage, t } from "./login-i18n.ts";

// The sign-in page's own translator reads the same files as i18next, and must read them the same way.
describe("the sign-in page's texts", () => {
  it("read nested keys, plurals by count and {{values}}, in English and Spanish", async () => {
    await initLoginI18n();
    await setLoginLanguage("en");
    expect(t("accounts.login.title")).toBe("Sign in");
    expect(t("notices.fallback")).toBe("An error occurred");
    expect(t("accounts.login.locked", { count: 1 })).toBe("Too many failed attempts: sign-in is locked for now. Try again in 1 minute.");
    expect(t("accounts.login.locked", { count: 15 })).toBe("Too many failed attempts: sign-in is locked for now. Try again in 15 minutes.");
    expect(t("forms.tooLong", { max: 254 })).toBe("At most 254 characters.");
    expect(t("accounts.login.nope")).toBe("accounts.login.nope");

    let changes = 0;
    const stop = onLoginLanguage(() => {
      changes += 1;
    });
    await setLoginLanguage("es");
    stop();
    expect(changes).toBe(1);
    expect(loginLanguage()).toBe("es");
    expect(t("accounts.login.title")).toBe("Iniciar sesión");
    expect(t("accounts.login.locked", { count: 15 })).toBe(
      "Demasiados intentos fallidos: el inicio de sesión está bloqueado por ahora. Vuelve a intentarlo dentro de 15 minutos.",
    );
    expect(t("forms.required")).not.toBe("forms.required");
  });
});
