import { Alert, Box, Button, Stack } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { PAYMENT_HISTORY_PATH } from "./api.ts";

/** Admins hold no membership of their own (the API answers 403): they follow everyone's payments. */
export function AdminNotice() {
  const { t } = useTranslation();
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t("billing.adminNotice")}
      </Alert>
      <Stack direction="row" spacing={1}>
        <Button component={RouterLink} to={PAYMENT_HISTORY_PATH} variant="outlined">
          {t("billing.history.title")}
        </Button>
        <Button component={RouterLink} to="/manager/admin/memberships">
          {t("billing.plans.manage")}
        </Button>
      </Stack>
    </Box>
  );
}
