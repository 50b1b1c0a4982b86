import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "./ConfirmDialog.tsx";

/**
 * Asks before leaving a form with unsaved changes: a dialog for a move inside the app, the
 * browser's own question for a reload, a closed tab or another site. `allowLeaving()` lets the
 * move after a save through; `dialog` must be rendered by the form's screen.
 */
export function useLeaveGuard(dirty: boolean): { allowLeaving: () => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);
  return {
    allowLeaving: () => {
      allowed.current = true;
    },
    dialog: (
      <ConfirmDialog
        open={blocker.state === "blocked"}
        title={t("leaveGuard.title")}
        text={t("leaveGuard.text")}
        confirmLabel={t("leaveGuard.leave")}
        destructive
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    ),
  };
}
