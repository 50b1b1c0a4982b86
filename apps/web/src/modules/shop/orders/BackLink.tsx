import ArrowBack from "@mui/icons-material/ArrowBack";
import { Button } from "@mui/material";
import { Link as RouterLink, useLocation } from "react-router";

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
