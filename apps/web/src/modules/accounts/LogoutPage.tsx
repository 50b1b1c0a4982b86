import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "../../lib/components/ConfirmDialog.tsx";
import { Loading } from "../../lib/components/Loading.tsx";
import { flushOutbox } from "../../lib/offline/delivery.ts";
import { clearDevice, currentOwner, outbox } from "../../lib/offline/device.ts";
import { SESSION_KEY, signOut } from "../../lib/session.ts";
import { unsubscribeThisDevice } from "../notifications/push-subscription.ts";

/** How many actions of the signed-in patient this device still holds for the server (sent first when it can). */
async function unsentActions(): Promise<number> {
  const owner = currentOwner();
  if (!owner) return 0;
  await flushOutbox();
  return (await outbox.waiting(owner)).length;
}

/**
 * Ends the session on the server, deletes what this device kept for the user (issue 43: the next
 * user of the device sees none of it) and its push subscription, forgets cached data, and lands
 * on the sign-in page. Actions a patient took offline that have not reached the server yet are
 * sent first; when they cannot be, the patient decides whether to lose them.
 */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [unsent, setUnsent] = useState(0);
  const [confirmed, setConfirmed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    const leave = async () => {
      if (!confirmed) {
        const waiting = await unsentActions().catch(() => 0);
        if (cancelled) return;
        if (waiting > 0) return setUnsent(waiting);
      }
      await unsubscribeThisDevice();
      await signOut().catch(() => undefined);
      await clearDevice();
      if (cancelled) return;
      client.clear();
      client.setQueryData(SESSION_KEY, null);
      navigate("/accounts/login/", { replace: true });
    };
    void leave();
    return () => {
      cancelled = true;
    };
  }, [client, navigate, confirmed]);
  if (unsent > 0 && !confirmed) {
    return (
      <ConfirmDialog
        open
        title={t("offline.signOut.unsentTitle")}
        text={t("offline.signOut.unsent", { count: unsent })}
        confirmLabel={t("offline.signOut.anyway")}
        dismissLabel={t("offline.signOut.stay")}
        destructive
        onConfirm={() => setConfirmed(true)}
        onCancel={() => navigate(-1)}
      />
    );
  }
  return <Loading />;
}
