import { type TestEmail, type TestEmailOutcome, testEmailSchema } from "@clinic/shared";
import { Box, Button, Card, CardContent, CardHeader, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { post } from "../../lib/api.ts";
import { applyFieldErrors } from "../../lib/forms.ts";
import { useAction } from "../../lib/resource.ts";
import { zodResolver } from "../../lib/zod-resolver.ts";

/** Sends the test email (spec §8 notice on success) and says where it went: the outbox, or accepted over SMTP. */
export function TestEmailCard() {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<TestEmailOutcome | null>(null);
  const form = useForm<TestEmail>({ resolver: zodResolver(testEmailSchema), defaultValues: { to: "" } });
  const send = useAction((values: TestEmail) => post<TestEmailOutcome>("/api/system-check/email", values), {
    success: t("systemCheck.email.sent"),
    onFieldErrors: (fields) => applyFieldErrors(form.setError, fields, ["to"]),
    onSuccess: (result) => setOutcome(result),
  });
  const error = form.formState.errors.to;
  return (
    <Card variant="outlined">
      <CardHeader title={t("systemCheck.email.title")} subheader={t("systemCheck.email.hint")} slotProps={{ title: { component: "h2" } }} />
      <CardContent sx={{ pt: 0 }}>
        <Stack
          component="form"
          noValidate
          direction={{ xs: "column", sm: "row" }}
          spacing={2}
          sx={{ alignItems: { sm: "flex-start" } }}
          onSubmit={form.handleSubmit((values) => send.mutate(values))}
        >
          <TextField
            type="email"
            autoComplete="email"
            label={t("systemCheck.email.to")}
            {...form.register("to")}
            error={!!error}
            helperText={error?.message}
            sx={{ flexGrow: 1, maxWidth: { sm: 420 } }}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={send.isPending} sx={{ mt: { sm: 1 } }}>
              {t("systemCheck.email.send")}
            </Button>
          </Box>
        </Stack>
        <Typography variant="body2" role="status" sx={{ mt: outcome ? 2 : 0 }}>
          {outcome && t(outcome.status === "sent" ? "systemCheck.email.accepted" : "systemCheck.email.inOutbox", { to: outcome.to })}
        </Typography>
      </CardContent>
    </Card>
  );
}
