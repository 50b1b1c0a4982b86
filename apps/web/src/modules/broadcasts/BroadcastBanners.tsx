import type { ActiveBroadcast, BroadcastSeverity, SessionState } from "@clinic/shared";
import CloseIcon from "@mui/icons-material/Close";
import { Alert, type AlertColor, IconButton, Stack } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { get } from "../../lib/api.ts";
import { useAction } from "../../lib/resource.ts";
import { ACTIVE_BROADCASTS_PATH, activeBroadcastsKey, dismissBroadcast } from "./active.ts";

export const SEVERITY_COLOR: Record<BroadcastSeverity, AlertColor> = { info: "info", warning: "warning", critical: "error" };

// The display's sanitiser (DOMPurify) and the shared broadcast module (with zod) load with the
// first banner, not with every shell.
const BroadcastText = lazy(() => import("./BannerText.tsx").then((m) => ({ default: m.BroadcastText })));

/**
 * The broadcast banners at the top of the shell (issue 19.3): those for the signed-in user now,
 * in their language (else the other one), most severe first. Asked again every minute and when
 * the window comes back into focus, so a banner published or ended meanwhile shows or goes.
 * A dismissal is kept by the server, so it holds on every device and after signing in again.
 */
export function BroadcastBanners({ session }: { session: SessionState }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const key = activeBroadcastsKey(session.userId);
  const { data } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => get<ActiveBroadcast[]>(ACTIVE_BROADCASTS_PATH, signal),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
  const dismiss = useAction((id: number) => dismissBroadcast(id));
  if (!data || data.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {data.map((banner) => (
        <Alert
          key={banner.id}
          severity={SEVERITY_COLOR[banner.severity]}
          // Critical news interrupts; the rest waits for a pause in what is being read.
          role={banner.severity === "critical" ? "alert" : "status"}
          data-testid="broadcast-banner"
          action={
            banner.dismissible ? (
              <IconButton
                aria-label={t("broadcasts.banner.dismiss")}
                color="inherit"
                size="small"
                disabled={dismiss.isPending}
                onClick={() => {
                  // Gone at once; asked again after the server answers (a refusal brings it back).
                  client.setQueryData<ActiveBroadcast[]>(key, (current) => current?.filter((row) => row.id !== banner.id));
                  dismiss.mutate(banner.id, { onSettled: () => client.invalidateQueries({ queryKey: key }) });
                }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            ) : undefined
          }
        >
          <Suspense fallback={null}>
            <BroadcastText broadcast={banner} language={i18n.language} />
          </Suspense>
        </Alert>
      ))}
    </Stack>
  );
}
