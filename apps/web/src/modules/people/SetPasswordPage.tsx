import { type InvitationInfo, PASSWORD_MAX, PASSWORD_MIN } from "@clinic/shared";
import { Alert, Box, Button, Card, CardContent, Stack, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router";
import { Loading } from "../../lib/components/Loading.tsx";
import { ApiError, post } from "../../lib/api.ts";
import { PlainTextField as TextField } from "../../lib/components/PlainTextField.tsx";
import { currentLanguage, setLanguage } from "../../lib/i18n.ts";

interface PasswordForm {
  password: string;
  confirm: string;
}

/** What a refused link or call means for the invitee, in plain words. */
function failureText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.body.code === "TOKEN_EXPIRED") return t("people.setPassword.expired");
    if (error.body.code === "TOKEN_INVALID" || error.status === 400) return t("people.setPassword.invalid");
    if (error.status === 0) return t("errors.status0");
    if (error.status === 429) return t("errors.status429");
  }
  return t("notices.fallback");
}

/**
 * /accounts/set-password/?token=… (public): the page an invitation email links to. It checks
 * the link, greets the invitee in their language, lets them choose a password, then sends
 * them to sign in. An expired or used link says so and what to do.
 */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const language = currentLanguage();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const check = useQuery<InvitationInfo, ApiError>({
    queryKey: ["invitation", token],
    queryFn: () => post<InvitationInfo>("/api/invitations/check", { token }),
    enabled: token.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // The page speaks the invitee's language once the link says who they are (they can switch).
  const adopted = useRef(false);
  useEffect(() => {
    if (check.data && !adopted.current) {
      adopted.current = true;
      void setLanguage(check.data.language);
    }
  }, [check.data]);

  const form = useForm<PasswordForm>({ defaultValues: { password: "", confirm: "" } });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      const result = await post<{ email: string }>("/api/invitations/accept", { token, password });
      setDone(result.email);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      if (fields.password && !fields.token) form.setError("password", { type: "server", message: fields.password.join(" ") });
      else setFailure(failureText(error, t));
    }
  });

  const linkFailure = token.length === 0 ? t("people.setPassword.missing") : check.error ? failureText(check.error, t) : null;

  return (
    <Box component="main" sx={{ minHeight: "100vh", display: "grid", placeItems: "center", p: 2, bgcolor: "background.default" }}>
      <Card sx={{ width: "100%", maxWidth: 460 }} variant="outlined">
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", mb: 3, gap: 2 }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {t("people.setPassword.title")}
            </Typography>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={language}
              onChange={(_, value) => value && void setLanguage(value)}
              aria-label={t("people.language")}
            >
              <ToggleButton value="en" lang="en">
                EN
              </ToggleButton>
              <ToggleButton value="es" lang="es">
                ES
              </ToggleButton>
            </ToggleButtonGroup>
          </Stack>
          {done ? (
            <Stack spacing={2}>
              <Alert severity="success" role="status">
                {t("people.setPassword.done", { email: done })}
              </Alert>
              <Button component={RouterLink} to="/accounts/login/" variant="contained" size="large">
                {t("people.setPassword.signIn")}
              </Button>
            </Stack>
          ) : linkFailure ? (
            <Stack spacing={2}>
              <Alert severity="error" role="alert">
                {linkFailure}
              </Alert>
              <Button component={RouterLink} to="/accounts/login/" variant="outlined">
                {t("people.setPassword.toSignIn")}
              </Button>
            </Stack>
          ) : !check.data ? (
            <Loading />
          ) : (
            <Stack component="form" noValidate spacing={2} onSubmit={submit}>
              <Typography color="text.secondary">{t("people.setPassword.intro", { name: check.data.nombres, email: check.data.email })}</Typography>
              {failure ? (
                <Alert severity="error" role="alert">
                  {failure}
                </Alert>
              ) : null}
              {/* Lets password managers file the new password under the right account. */}
              <input type="email" name="username" autoComplete="username" value={check.data.email} readOnly hidden />
              <TextField
                type="password"
                label={t("people.setPassword.password")}
                autoComplete="new-password"
                autoFocus
                {...form.register("password", {
                  required: t("forms.required"),
                  minLength: { value: PASSWORD_MIN, message: t("people.setPassword.tooShort", { min: PASSWORD_MIN }) },
                  maxLength: { value: PASSWORD_MAX, message: t("forms.tooLong", { max: PASSWORD_MAX }) },
                })}
                error={!!errors.password}
                helperText={errors.password?.message ?? t("people.setPassword.hint", { min: PASSWORD_MIN })}
              />
              <TextField
                type="password"
                label={t("people.setPassword.confirm")}
                autoComplete="new-password"
                {...form.register("confirm", {
                  validate: (value, values) => value === values.password || t("people.setPassword.mismatch"),
                })}
                error={!!errors.confirm}
                helperText={errors.confirm?.message}
              />
              <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
                {t("people.setPassword.submit")}
              </Button>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
