import type { CrmClient } from "@clinic/shared";
import { Chip } from "@mui/material";
import { useTranslation } from "react-i18next";

/** Whether a client may be contacted: unsubscribed overrides consent (mass email skips them). */
export function ConsentChip({ client }: { client: Pick<CrmClient, "consent" | "unsubscribedAt"> }) {
  const { t } = useTranslation();
  if (client.unsubscribedAt) return <Chip size="small" color="warning" label={t("crmClients.consent.unsubscribed")} />;
  return client.consent ? (
    <Chip size="small" color="success" variant="outlined" label={t("crmClients.consent.yes")} />
  ) : (
    <Chip size="small" variant="outlined" label={t("crmClients.consent.no")} />
  );
}
