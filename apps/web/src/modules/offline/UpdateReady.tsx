import { Alert, Button, Snackbar } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { applyUpdate, usePwa } from "../../lib/offline/pwa.ts";

/** "A new version is ready": the user reloads when it suits them; nothing reloads by itself. */
export function UpdateReady() {
  const { t } = useTranslation();
  const { updateReady } = usePwa();
  const [later, setLater] = useState(false);
  return (
    <Snackbar open={updateReady && !later} anchorOrigin={{ vertical: "bottom", horizontal: "left" }}>
      <Alert
        severity="info"
        variant="filled"
        role="status"
        action={
          <>
            <Button color="inherit" size="small" onClick={() => setLater(true)}>
              {t("offline.later")}
            </Button>
            <Button color="inherit" size="small" variant="outlined" onClick={applyUpdate}>
              {t("offline.reload")}
            </Button>
          </>
        }
      >
        {t("offline.updateReady")}
      </Alert>
    </Snackbar>
  );
}
