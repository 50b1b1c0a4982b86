import { type PasswordChange, passwordChangeSchema } from "@clinic/shared";
import { zodResolver } from "../../lib/zod-resolver.ts";
import { Box, Button, Card, CardContent, CardHeader, Stack, TextField } from "@mui/material";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { post } from "../../lib/api.ts";
import { applyFieldErrors } from "../../lib/forms.ts";
import { useAction } from "../../lib/resource.ts";

export function PasswordCard() {
  const { t } = useTranslation();
  const form = useForm<PasswordChange>({ resolver: zodResolver(passwordChangeSchema), defaultValues: { currentPassword: "", newPassword: "" } });
  const change = useAction((values: PasswordChange) => post("/api/user-profile/password", values), {
    success: t("accounts.passwordChange.changed"),
    onFieldErrors: (fields) => applyFieldErrors(form.setError, fields, ["currentPassword", "newPassword"]),
    onSuccess: () => form.reset(),
  });
  const errors = form.formState.errors;
  return (
    <Card variant="outlined">
      <CardHeader title={t("accounts.passwordChange.title")} subheader={t("accounts.passwordChange.hint")} slotProps={{ title: { component: "h2" } }} />
      <CardContent>
        <Box component="form" noValidate onSubmit={form.handleSubmit((values) => change.mutate(values))}>
          <Stack spacing={2}>
            <TextField
              type="password"
              autoComplete="current-password"
              label={t("accounts.passwordChange.current")}
              {...form.register("currentPassword")}
              error={!!errors.currentPassword}
              helperText={errors.currentPassword?.message}
            />
            <TextField
              type="password"
              autoComplete="new-password"
              label={t("accounts.passwordChange.new")}
              {...form.register("newPassword")}
              error={!!errors.newPassword}
              helperText={errors.newPassword?.message}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={change.isPending}>
                {t("accounts.passwordChange.submit")}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
