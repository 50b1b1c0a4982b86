import { Alert } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ASSIGNMENTS_KEY } from "../assign/activity/api.ts";
import { useResultDelivery } from "./outbox.ts";

/**
 * On the patient's home: game results this device still holds (played offline, or the tab
 * closed before the server answered) are sent from here, and the list refreshes once they arrive.
 */
export function PendingResults() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const waiting = useResultDelivery(() => void client.invalidateQueries({ queryKey: [ASSIGNMENTS_KEY] }));
  if (waiting === 0) return null;
  return (
    <Alert severity="info" role="status" sx={{ mb: 2 }}>
      {t("games.pendingResults", { count: waiting })}
    </Alert>
  );
}
