import { Button, Card, CardContent, CardHeader, Stack, Typography } from "@mui/material";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotices } from "../../lib/notices.tsx";
import { currentOwner, storageFreed } from "../../lib/offline/device.ts";
import { clearVideos, type DeviceUsage, deviceUsage } from "../../lib/offline/kept-files.ts";
import { formatSize } from "./sizes.ts";

/** In My profile, for a patient: what this device keeps for them, and the videos' budget, which they can clear. */
export function DeviceStorageCard() {
  const { t } = useTranslation();
  const notices = useNotices();
  const owner = currentOwner();
  const [usage, setUsage] = useState<DeviceUsage | null>(null);
  const read = useCallback(() => {
    if (owner) void deviceUsage(owner).then(setUsage, () => setUsage(null));
  }, [owner]);
  useEffect(read, [read]);
  if (!owner || !usage) return null;
  const clear = async () => {
    await clearVideos(owner);
    storageFreed();
    notices.success(t("offline.storage.cleared"));
    read();
  };
  return (
    <Card variant="outlined" data-testid="device-storage">
      <CardHeader title={t("offline.storage.title")} slotProps={{ title: { component: "h2", variant: "h6" } }} />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={1}>
          <Typography color="text.secondary">{t("offline.storage.body")}</Typography>
          <Typography>{t("offline.storage.documents", { size: formatSize(usage.documents) })}</Typography>
          <Typography>{t("offline.storage.videos", { count: usage.videoCount, size: formatSize(usage.videos), budget: formatSize(usage.budget) })}</Typography>
          {usage.videoCount > 0 ? (
            <div>
              <Button variant="outlined" onClick={() => void clear()}>
                {t("offline.storage.clearVideos")}
              </Button>
            </div>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
