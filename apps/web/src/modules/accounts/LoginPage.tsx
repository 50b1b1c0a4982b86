import type { LoginInput } from "@clinic/shared";
import { Alert, Box, Button, Card, CardContent, Stack, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { ApiError, get, post } from "../../lib/api.ts";
import { PlainTextField as TextField } from "../../lib/components/PlainTextField.tsx";
import { lazyZodResolver } from "../../lib/lazy-resolver.ts";
import { currentLanguage, setLanguage } from "../../lib/i18n.ts";
import { homeOf, SESSION_KEY, safeNext, useSession } from "../../lib/session.ts";
import { Loading } from "../../lib/components/Loading.tsx";
import type { SessionState } from "@clinic/shared";

type Step = "credentials" | "totp";

// Zod and the schema load on the first submit, not with the page (the sign-in page stays light).
const loginResolver = lazyZodResolver<LoginInput>(() => import("@clinic/shared/schemas").then((module) => module.loginSchema));

/** The message a failed sign-in shows, by status (the server never says which field was wrong). */
function signInError(error: unknown, t: TFunction, step: Step): string {
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

export function LoginPage() {
  const { t } = useTranslation();
  const { session, isLoading } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [step, setStep] = useState<Step>("credentials");
  const [failure, setFailure] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const language = currentLanguage();
  const form = useForm<LoginInput>({ resolver: loginResolver, defaultValues: { email: "", password: "" } });

  if (isLoading) return <Loading />;
  if (session && !busy) return <Navigate to={safeNext(params.get("next")) ?? homeOf(session)} replace />;

  async function enter() {
    const state = await get<SessionState>("/api/get-user-profile/");
    client.setQueryData(SESSION_KEY, state);
    await setLanguage(state.userData.language);
    navigate(safeNext(params.get("next")) ?? homeOf(state), { replace: true });
  }

  async function run(action: () => Promise<void>) {
    setFailure(null);
    setBusy(true);
    try {
      await action();
    } catch (error) {
      setFailure(signInError(error, t, step));
      setBusy(false);
    }
  }

  const submitCredentials = form.handleSubmit((values) =>
    run(async () => {
      const result = await post<{ twoFactorRedirect?: boolean }>("/api/auth/sign-in/email", values);
      if (result.twoFactorRedirect) {
        setStep("totp");
        setBusy(false);
        return;
      }
      await enter();
    }),
  );

  const submitCode = (event: React.FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (!/^\d{6}$/.test(code.trim())) throw new ApiError(401, {});
      await post("/api/auth/two-factor/verify-totp", { code: code.trim() });
      await enter();
    });
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
              onChange={(_, value) => value && void setLanguage(value)}
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
              {failure}
            </Alert>
          ) : null}
          {step === "credentials" ? (
            <Stack component="form" noValidate spacing={2} onSubmit={submitCredentials}>
              <TextField
                label={t("accounts.email")}
                type="email"
                autoComplete="username"
                autoFocus
                {...form.register("email")}
                error={!!form.formState.errors.email}
                helperText={form.formState.errors.email?.message}
              />
              <TextField
                label={t("accounts.password")}
                type="password"
                autoComplete="current-password"
                {...form.register("password")}
                error={!!form.formState.errors.password}
                helperText={form.formState.errors.password?.message}
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
