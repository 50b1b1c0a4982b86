import type { CrmUnsubscribeView } from "@clinic/shared";
import { Alert, Box, Button, Container, Paper, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ApiError } from "../../../lib/api.ts";
import { Loading } from "../../../lib/components/Loading.tsx";
import { currentLanguage, setLanguage } from "../../../lib/i18n.ts";
import { unsubscribe, unsubscribeView } from "./api.ts";

const KEY = "crm-unsubscribe";

/**
 * /crm/unsubscribe/:token (public, outside the shell): the link every mass email carries. It
 * shows the address (partly hidden) and the clinic, unsubscribes with one button, then says it
 * is done. No account is needed; a link we did not sign shows as not valid. It opens in the
 * browser's language, with a switch between English and Spanish.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const client = useQueryClient();
  const language = currentLanguage();
  const view = useQuery<CrmUnsubscribeView, unknown>({ queryKey: [KEY, token], queryFn: () => unsubscribeView(token), retry: false });
  const done = useMutation<CrmUnsubscribeView, unknown>({
    mutationFn: () => unsubscribe(token),
    onSuccess: (answer) => client.setQueryData([KEY, token], answer),
  });
  useEffect(() => {
    document.title = t("crmEmail.unsubscribe.title");
  }, [t]);
  const invalid = view.error instanceof ApiError && view.error.status === 404;
  return (
    <Box sx={{ minHeight: "100vh", bgcolor: "background.default" }}>
      <Box component="header" sx={{ bgcolor: "background.paper", borderBottom: 1, borderColor: "divider" }}>
        <Container maxWidth="sm" sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, py: 1.5 }}>
          <Typography component="p" sx={{ fontWeight: 700, fontSize: "1.1rem", minWidth: 0, overflowWrap: "anywhere" }}>
            {view.data?.clinicName || t("crmEmail.unsubscribe.title")}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={language}
            onChange={(_, value) => value && void setLanguage(value)}
            aria-label={t("crmEmail.unsubscribe.language")}
          >
            <ToggleButton value="en" lang="en" sx={{ textTransform: "none" }}>
              {t("crmEmail.unsubscribe.languages.en")}
            </ToggleButton>
            <ToggleButton value="es" lang="es" sx={{ textTransform: "none" }}>
              {t("crmEmail.unsubscribe.languages.es")}
            </ToggleButton>
          </ToggleButtonGroup>
        </Container>
      </Box>
      <Container component="main" maxWidth="sm" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 2, sm: 3 } }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
            {t("crmEmail.unsubscribe.title")}
          </Typography>
          {view.isLoading ? <Loading /> : null}
          {invalid ? <Alert severity="warning">{t("crmEmail.unsubscribe.invalid")}</Alert> : null}
          {view.error && !invalid ? <Alert severity="error">{t("crmEmail.unsubscribe.loadError")}</Alert> : null}
          {view.data ? (
            view.data.unsubscribed ? (
              <Alert severity="success" role="status">
                {t("crmEmail.unsubscribe.done", { email: view.data.email, clinic: view.data.clinicName })}
              </Alert>
            ) : (
              <>
                <Typography sx={{ mb: 3 }}>{t("crmEmail.unsubscribe.question", { email: view.data.email, clinic: view.data.clinicName })}</Typography>
                {done.error ? (
                  <Alert severity="error" sx={{ mb: 2 }}>
                    {t("crmEmail.unsubscribe.failed")}
                  </Alert>
                ) : null}
                <Button variant="contained" onClick={() => done.mutate()} disabled={done.isPending}>
                  {t("crmEmail.unsubscribe.button")}
                </Button>
              </>
            )
          ) : null}
        </Paper>
      </Container>
    </Box>
  );
}
