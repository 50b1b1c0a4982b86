import InstallMobile from "@mui/icons-material/InstallMobile";
import { Alert, AlertTitle, Button, Stack } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { needsInstallHint, promptInstall, usePwa } from "../../lib/offline/pwa.ts";

const DISMISSED_KEY = "installHintDismissed";

/**
 * On the patient's home: install the app, when the browser offers it (Chromium's prompt) or,
 * on iPhone and iPad, how to through the Share menu. Gone once installed or dismissed.
 */
export function InstallAppCard() {
  const { t } = useTranslation();
  const { installPrompt, installed } = usePwa();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED_KEY) === "1");
  const ios = needsInstallHint();
  if (installed || dismissed || (!installPrompt && !ios)) return null;
  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, "1");
    setDismissed(true);
  };
  return (
    <Alert
      severity="info"
      icon={<InstallMobile />}
      data-testid="install-app"
      action={
        <Stack direction="row" spacing={1}>
          <Button color="inherit" size="small" onClick={dismiss}>
            {t("offline.install.dismiss")}
          </Button>
          {installPrompt ? (
            <Button color="inherit" size="small" variant="outlined" onClick={() => void promptInstall()}>
              {t("offline.install.button")}
            </Button>
          ) : null}
        </Stack>
      }
    >
      <AlertTitle>{t("offline.install.title")}</AlertTitle>
      {installPrompt ? t("offline.install.body") : t("offline.install.iosBody")}
    </Alert>
  );
}
