import { Box, Tab, Tabs } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { CampaignsTab } from "./CampaignsTab.tsx";
import { FormatsTab } from "./FormatsTab.tsx";

const TABS = ["formats", "campaigns"] as const;
type TabName = (typeof TABS)[number];

/**
 * The CRM's email (`/crm/app/email`, CRM admins): email formats with a test send, and mass email
 * to a list with its live progress. The tab stays in the address (`?tab=campaigns`).
 */
export function EmailPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<TabName>(params.get("tab") === "campaigns" ? "campaigns" : "formats");
  const choose = (next: TabName) => {
    setTab(next);
    setParams(next === "formats" ? {} : { tab: next }, { replace: true });
  };
  return (
    <Box sx={{ minWidth: 0 }}>
      <Tabs value={tab} onChange={(_, next: TabName) => choose(next)} aria-label={t("crmEmail.tabs.label")} sx={{ mb: 2 }} variant="scrollable">
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`crmEmail.tabs.${name}`)} id={`crm-email-tab-${name}`} aria-controls={`crm-email-panel-${name}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`crm-email-panel-${tab}`} aria-labelledby={`crm-email-tab-${tab}`}>
        {tab === "formats" ? <FormatsTab /> : <CampaignsTab />}
      </Box>
    </Box>
  );
}
