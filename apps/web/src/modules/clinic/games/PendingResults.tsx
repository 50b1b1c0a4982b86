import { Alert } from "@mui/material";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ASSIGNMENTS_KEY } from "../assign/activity/api.ts";
import { useResultDelivery } from "./outbox.ts";

/**
 * Loads the assignments again. A load still in flight may have read them before the result
 * arrived, and React Query would answer an invalidation with that first load: it is cancelled,
 * so the lists load afresh.
 */
async function refreshAssignments(client: QueryClient) {
  await client.cancelQueries({ queryKey: [ASSIGNMENTS_KEY] });
  await client.invalidateQueries({ queryKey: [ASSIGNMENTS_KEY] });
}

/**
 * On the patient's home: game results this device still holds (played offline, or the tab
 * closed before the server answered) are sent from here, and the list refreshes once they arrive.
 */
export function PendingResults() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const waiting = useResultDelivery(() => void refreshAssignments(client));
  if (waiting === 0) return null;
  return (
    <Alert severity="info" role="status" sx={{ mb: 2 }}>
      {t("games.pendingResults", { count: waiting })}
    </Alert>
  );
}
