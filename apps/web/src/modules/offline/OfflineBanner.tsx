import CloudOff from "@mui/icons-material/CloudOff";
import { Alert } from "@mui/material";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/dates.ts";
import { deviceStatus } from "../../lib/offline/device.ts";

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

/**
 * Says when the network is gone and the screen shows what this device kept, with when it was last
 * synced; and when the device's storage is full (nothing kept is lost, new data is not kept).
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const status = useSyncExternalStore(deviceStatus.subscribe, deviceStatus.get, deviceStatus.get);
  const synced = status.shownFromDevice ? t("offline.shownFromDevice", { time: formatDateTime(status.shownFromDevice) }) : "";
  return (
    <>
      {!online || status.shownFromDevice ? (
        <Alert severity="info" icon={<CloudOff />} role="status" sx={{ mb: 2 }} data-testid="offline-banner">
          {online ? t("offline.serverUnreachable") : t("offline.offlineNow")} {synced}
        </Alert>
      ) : null}
      {status.storageFull ? (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          {t("offline.storageFull")}
        </Alert>
      ) : null}
    </>
  );
}
