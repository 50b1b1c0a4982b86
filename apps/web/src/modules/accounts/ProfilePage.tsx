import { type ProfileUpdate, type UserProfile, profileUpdateSchema } from "@clinic/shared";
import { zodResolver } from "../../lib/zod-resolver.ts";
import { Box, Button, Card, CardContent, CardHeader, MenuItem, Stack, TextField } from "@mui/material";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { put } from "../../lib/api.ts";
import { applyFieldErrors } from "../../lib/forms.ts";
import { setLanguage } from "../../lib/i18n.ts";
import { useAction, useResource } from "../../lib/resource.ts";
import { SESSION_KEY } from "../../lib/session.ts";
import { Loading } from "../../lib/components/Loading.tsx";
import { AccessLogCard } from "../audit/AccessLogCard.tsx";
import { PushNotificationsCard } from "../notifications/PushNotificationsCard.tsx";
import { DeviceStorageCard } from "../offline/DeviceStorageCard.tsx";
import { PasswordCard } from "./PasswordCard.tsx";
import { TwoFactorCard } from "./TwoFactorCard.tsx";

export const PROFILE_KEY = ["userProfile"] as const;
const FIELDS = ["nombres", "apellidos", "identification", "language"] as const;

export function ProfilePage() {
  const { t } = useTranslation();
  const { data: profile } = useResource<UserProfile>(PROFILE_KEY, "/api/user-profile/");
  const form = useForm<ProfileUpdate>({ resolver: zodResolver(profileUpdateSchema) });
  const { reset, setError } = form;

  useEffect(() => {
    if (profile) reset({ nombres: profile.nombres, apellidos: profile.apellidos, identification: profile.identification, language: profile.language });
  }, [profile, reset]);

  const save = useAction((values: ProfileUpdate) => put<UserProfile>("/api/user-profile/", values), {
    invalidate: [PROFILE_KEY, SESSION_KEY],
    // Worded before onSuccess switches the language: in the language just saved.
    success: (saved) => t("accounts.profile.saved", { lng: saved.language }),
    onFieldErrors: (fields) => applyFieldErrors(setError, fields, FIELDS),
    onSuccess: (saved) => void setLanguage(saved.language),
  });

  if (!profile) return <Loading />;
  const errors = form.formState.errors;
  const isStaff = profile.isAdmin || !profile.permissions.includes("is_patient");

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Card variant="outlined">
        <CardHeader title={t("accounts.profile.title")} subheader={profile.email} slotProps={{ title: { component: "h2" } }} />
        <CardContent>
          <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
            <Stack spacing={2}>
              <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                <TextField
                  fullWidth
                  label={t("accounts.nombres")}
                  {...form.register("nombres")}
                  error={!!errors.nombres}
                  helperText={errors.nombres?.message}
                />
                <TextField
                  fullWidth
                  label={t("accounts.apellidos")}
                  {...form.register("apellidos")}
                  error={!!errors.apellidos}
                  helperText={errors.apellidos?.message}
                />
              </Stack>
              <TextField
                label={t("accounts.identification")}
                {...form.register("identification")}
                error={!!errors.identification}
                helperText={errors.identification?.message}
              />
              <Controller
                name="language"
                control={form.control}
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label={t("accounts.language")}
                    {...field}
                    value={field.value ?? "en"}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message}
                  >
                    <MenuItem value="en">{t("accounts.languages.en")}</MenuItem>
                    <MenuItem value="es">{t("accounts.languages.es")}</MenuItem>
                  </TextField>
                )}
              />
              <Box>
                <Button type="submit" variant="contained" disabled={save.isPending}>
                  {t("common.save")}
                </Button>
              </Box>
            </Stack>
          </Box>
        </CardContent>
      </Card>
      <PasswordCard />
      <PushNotificationsCard isPatient={!isStaff} />
      {isStaff ? <TwoFactorCard enabled={profile.twoFactorEnabled} /> : null}
      {isStaff ? null : <AccessLogCard />}
      {isStaff ? null : <DeviceStorageCard />}
    </Stack>
  );
}
