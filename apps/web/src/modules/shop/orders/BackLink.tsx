import ArrowBack from "@mui/icons-material/ArrowBack";
import { Alert, Box, Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation } from "react-router";
import type { NetworkStatus } from "../../../lib/resource.ts";

/** Where a list sends its reader back to: itself with its filters and page (`?store=&state=…`). */
export interface BackState {
  back?: string;
}

/** Back to the list under `to` the reader came from, as they left it; else to `fallback` (or `to`). */
export function BackLink({ to, label, fallback }: { to: string; label: string; fallback?: string }) {
  const state = useLocation().state as BackState | null;
  const back = state?.back?.startsWith(to) ? state.back : (fallback ?? to);
  return (
    <Button component={RouterLink} to={back} startIcon={<ArrowBack />}>
      {label}
    </Button>
  );
}

/** An order that did not load: not found (another's, or gone) or why not, and the way back to its list. */
export function OrderUnavailable({ network, back, backLabel }: { network: NetworkStatus; back: string; backLabel: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {network.status === 404 ? t("shopOrders.order.notFound") : network.message}
      </Alert>
      <BackLink to={back} label={backLabel} />
    </Box>
  );
}
