import type { LoginInput, SessionState } from "@clinic/shared";
import { Alert, Box, Button, Card, CardContent, Stack, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import { type FormEvent, useRef, useState } from "react";
import { ApiError, get, post } from "../../lib/api.ts";
import { PlainTextField as TextField } from "../../lib/components/PlainTextField.tsx";
import { homeOf, safeNext } from "../../lib/home-path.ts";
import { rememberLanguage } from "../../lib/language.ts";
import { type FieldMessages, lazyValidator } from "../../lib/lazy-validate.ts";
import type { Translate } from "../../lib/zod-messages.ts";
import { loginLanguage, setLoginLanguage, useLoginTranslation } from "./login-i18n.ts";

type Step = "credentials" | "totp";

// Zod, the schema and zod's messages in this page's language load on the first submit, not with the page.
const validateLogin = lazyValidator<LoginInput>(
  () => import("@clinic/shared/schemas").then((module) => module.loginSchema),
  () => import("./login-zod-locale.ts"),
);

/** The message a failed sign-in shows, by status (the server never says which field was wrong). */
function signInError(error: unknown, t: Translate, step: Step): string {
  if (!(error instanceof ApiError)) return t("notices.fallback");
  if (error.status === 401) return step === "totp" ? t("accounts.login.invalidCode") : t("accounts.login.invalid");
  if (error.status === 429) {
    // A lock says how long it lasts (seconds); the message rounds it up to minutes.
    const seconds = error.body.retryAfter;
    return typeof seconds === "number" && seconds > 0 ? t("accounts.login.locked", { count: Math.ceil(seconds / 60) }) : t("accounts.login.throttled");
  }
  if (error.status === 403) {
    if (error.body.code === "ACCOUNT_INACTIVE") return t("accounts.login.inactive");
    return error.body.code === "CROSS_SITE_REQUEST" ? t("accounts.login.crossSite") : t("errors.status403");
  }
  if (error.status === 400) return t("accounts.login.invalid");
  if (error.status === 0) return t("errors.status0");
  return `${t("notices.fallback")} (${error.status})`;
}

/** Where to go once signed in: the page that sent the visitor here (`?next=`), else their home. */
export function destinationOf(session: SessionState): string {
  return safeNext(new URLSearchParams(window.location.search).get("next")) ?? homeOf(session);
}

/**
 * The sign-in page of the light entry (login-main.tsx): no router, no query cache, no form
 * library, no i18next, so that it loads a fraction of the app. Signing in ends with a full load
 * of the app.
 */
export function LoginPage() {
  const t = useLoginTranslation();
  const [step, setStep] = useState<Step>("credentials");
  // The error itself, not its text: the message follows a change of language.
  const [failure, setFailure] = useState<{ error: unknown; step: Step } | null>(null);
  const [values, setValues] = useState<LoginInput>({ email: "", password: "" });
  const [fieldErrors, setFieldErrors] = useState<FieldMessages>({});
  const [submitted, setSubmitted] = useState(false);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const language = loginLanguage();

  async function enter() {
    const state = await get<SessionState>("/api/get-user-profile/");
    // The app then starts in the account's language, with no second load of texts.
    rememberLanguage(state.userData.language);
    window.location.assign(destinationOf(state));
  }

  async function run(action: () => Promise<void>, currentStep: Step) {
    setFailure(null);
    setBusy(true);
    try {
      await action();
    } catch (error) {
      setFailure({ error, step: currentStep });
      setBusy(false);
    }
  }

  const change = (field: keyof LoginInput) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // As react-hook-form did: after the first submit, each change checks the form again.
    if (submitted)
      void validateLogin(next).then(
        (result) => setFieldErrors(result.ok ? {} : result.errors),
        () => undefined,
      );
  };

  const submitCredentials = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    void run(async () => {
      const result = await validateLogin(values);
      if (!result.ok) {
        setFieldErrors(result.errors);
        (result.errors.email ? emailRef : passwordRef).current?.focus();
        setBusy(false);
        return;
      }
      setFieldErrors({});
      const answer = await post<{ twoFactorRedirect?: boolean }>("/api/auth/sign-in/email", result.values);
      if (answer.twoFactorRedirect) {
        setStep("totp");
        setBusy(false);
        return;
      }
      await enter();
    }, "credentials");
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (!/^\d{6}$/.test(code.trim())) throw new ApiError(401, {});
      await post("/api/auth/two-factor/verify-totp", { code: code.trim() });
      await enter();
    }, "totp");
  };

  return (
    <Box component="main" sx={{ minHeight: "100vh", display: "grid", placeItems: "center", p: 2, bgcolor: "background.default" }}>
      <Card sx={{ width: "100%", maxWidth: 420 }} variant="outlined">
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", mb: 3 }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {t("accounts.login.title")}
            </Typography>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={language}
              onChange={(_, value) => value && void setLoginLanguage(value)}
              aria-label={t("accounts.language")}
            >
              <ToggleButton value="en" lang="en">
                EN
              </ToggleButton>
              <ToggleButton value="es" lang="es">
                ES
              </ToggleButton>
            </ToggleButtonGroup>
          </Stack>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {step === "credentials" ? t("accounts.login.subtitle") : t("accounts.login.totpSubtitle")}
          </Typography>
          {failure ? (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {signInError(failure.error, t, failure.step)}
            </Alert>
          ) : null}
          {step === "credentials" ? (
            <Stack component="form" noValidate spacing={2} onSubmit={submitCredentials}>
              <TextField
                label={t("accounts.email")}
                type="email"
                name="email"
                autoComplete="username"
                autoFocus
                inputRef={emailRef}
                value={values.email}
                onChange={change("email")}
                error={!!fieldErrors.email}
                helperText={fieldErrors.email}
              />
              <TextField
                label={t("accounts.password")}
                type="password"
                name="password"
                autoComplete="current-password"
                inputRef={passwordRef}
                value={values.password}
                onChange={change("password")}
                error={!!fieldErrors.password}
                helperText={fieldErrors.password}
              />
              <Button type="submit" variant="contained" size="large" disabled={busy}>
                {t("accounts.login.submit")}
              </Button>
            </Stack>
          ) : (
            <Stack component="form" noValidate spacing={2} onSubmit={submitCode}>
              <TextField
                label={t("accounts.twoFactor.code")}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoComplete="one-time-code"
                slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 6 } }}
                autoFocus
              />
              <Button type="submit" variant="contained" size="large" disabled={busy}>
                {t("accounts.login.verify")}
              </Button>
              <Button onClick={() => setStep("credentials")}>{t("common.back")}</Button>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
