import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, Stack, TextField, Typography } from "@mui/material";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { post } from "../../lib/api.ts";
import { useAction } from "../../lib/resource.ts";
import { SESSION_KEY } from "../../lib/session.ts";

const PROFILE_KEY = ["userProfile"];

interface Enrolment {
  totpURI: string;
  backupCodes: string[];
}

/** TOTP second factor for staff: enrol with the password, confirm with a code, or switch off. */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const secret = enrolment ? new URL(enrolment.totpURI).searchParams.get("secret") : null;
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    setQr(null);
    if (enrolment) void QRCode.toDataURL(enrolment.totpURI, { margin: 1, width: 192 }).then(setQr);
  }, [enrolment]);

  const start = useAction(() => post<Enrolment>("/api/auth/two-factor/enable", { password }), {
    onSuccess: (result) => {
      setEnrolment(result);
      setPassword("");
    },
  });
  const confirm = useAction(() => post("/api/auth/two-factor/verify-totp", { code: code.trim() }), {
    invalidate: [PROFILE_KEY, SESSION_KEY],
    success: t("accounts.twoFactor.enabled"),
    onSuccess: () => {
      setEnrolment(null);
      setCode("");
    },
  });
  const disable = useAction(() => post("/api/auth/two-factor/disable", { password }), {
    invalidate: [PROFILE_KEY, SESSION_KEY],
    success: t("accounts.twoFactor.disabled"),
    onSuccess: () => setPassword(""),
  });

  return (
    <Card variant="outlined" component="section" aria-labelledby="two-factor-title">
      <CardHeader
        title={t("accounts.twoFactor.title")}
        subheader={t("accounts.twoFactor.hint")}
        slotProps={{ title: { component: "h2", id: "two-factor-title" } }}
        action={<Chip label={enabled ? t("accounts.twoFactor.on") : t("accounts.twoFactor.off")} color={enabled ? "success" : "default"} />}
      />
      <CardContent>
        {enrolment ? (
          <Stack
            spacing={2}
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              confirm.mutate(undefined);
            }}
          >
            <Alert severity="info">{t("accounts.twoFactor.scan")}</Alert>
            {qr ? <Box component="img" src={qr} alt={t("accounts.twoFactor.qr")} sx={{ width: 192, height: 192 }} /> : null}
            <Box>
              <Typography variant="subtitle2">{t("accounts.twoFactor.secret")}</Typography>
              <Typography sx={{ fontFamily: "monospace", wordBreak: "break-all" }} data-testid="totp-secret">
                {secret}
              </Typography>
            </Box>
            <Box>
              <Typography variant="subtitle2">{t("accounts.twoFactor.backupCodes")}</Typography>
              <Typography sx={{ fontFamily: "monospace" }}>{enrolment.backupCodes.join("  ")}</Typography>
            </Box>
            <TextField
              label={t("accounts.twoFactor.code")}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 6 } }}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={confirm.isPending}>
                {t("accounts.twoFactor.confirm")}
              </Button>
            </Box>
          </Stack>
        ) : (
          <Stack
            spacing={2}
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              (enabled ? disable : start).mutate(undefined);
            }}
          >
            <TextField
              type="password"
              autoComplete="current-password"
              label={t("accounts.passwordChange.current")}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <Box>
              <Button
                type="submit"
                variant={enabled ? "outlined" : "contained"}
                color={enabled ? "error" : "primary"}
                disabled={!password || start.isPending || disable.isPending}
              >
                {enabled ? t("accounts.twoFactor.disable") : t("accounts.twoFactor.enable")}
              </Button>
            </Box>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
