import { Box, Button, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import { failureReference } from "../lib/api.ts";

/**
 * What a page shows when it failed to render (the router's error element): a plain apology,
 * and for a failure of the server the reference a user can quote, which is the `reqId` of the
 * server's log lines about it.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const reference = failureReference(useRouteError());
  return (
    <Box component="main" sx={{ display: "grid", placeItems: "center", minHeight: "100vh", p: 3, textAlign: "center" }}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {t("errors.pageTitle")}
        </Typography>
        <Typography sx={{ mb: reference ? 1 : 3 }}>{t("errors.pageText")}</Typography>
        {reference ? (
          <Typography sx={{ mb: 3 }} data-testid="error-reference">
            {t("errors.reference")} <Box component="code">{reference}</Box>
          </Typography>
        ) : null}
        <Button variant="contained" href="/">
          {t("shell.backHome")}
        </Button>
      </Box>
    </Box>
  );
}
