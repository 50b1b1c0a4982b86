import { roleOf, type SessionState } from "@clinic/shared";
import { useQueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useEffect } from "react";
import { startDelivery } from "../../lib/offline/delivery.ts";
import { warmUp } from "../../lib/offline/warm-up.ts";
import { OfflineBanner } from "./OfflineBanner.tsx";
import { UpdateReady } from "./UpdateReady.tsx";

/**
 * The device's part of every signed-in page (issue 43). For a patient: sends the outbox (and
 * reloads what its answers changed), and readies the device for offline use while online. For
 * everyone: says when the page shows what the device kept, and when a new version is ready
 * (`banners`: not on a game's page, which must not be interrupted).
 */
export function DeviceSync({ session, banners = true }: { session: SessionState; banners?: boolean }) {
  const client = useQueryClient();
  const patientId = roleOf({ isAdmin: session.isAdmin, groups: session.userData.groups }) === "patient" ? session.userId : null;
  useEffect(() => {
    if (!patientId) return;
    const stop = startDelivery(() => void client.invalidateQueries());
    const warm = () => {
      if (navigator.onLine) void warmUp(patientId, dayjs().format("YYYY-MM-DD")).catch(() => undefined);
    };
    warm();
    window.addEventListener("online", warm);
    return () => {
      stop();
      window.removeEventListener("online", warm);
    };
  }, [patientId, client]);
  return banners ? (
    <>
      <OfflineBanner />
      <UpdateReady />
    </>
  ) : null;
}
