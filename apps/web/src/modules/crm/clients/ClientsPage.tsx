import { Box, Tab, Tabs } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ClientsTab } from "./ClientsTab.tsx";
import { ListsTab } from "./ListsTab.tsx";

const TABS = ["clients", "lists"] as const;
type TabName = (typeof TABS)[number];

/**
 * Clients and user lists (`/crm/app/user`): the clinic's clients, searched and filtered, added
 * and changed in a dialog, put on lists; and the lists with their clients. The tab stays in the
 * address (`?tab=lists`), so going back returns to it.
 */
export function ClientsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<TabName>(params.get("tab") === "lists" ? "lists" : "clients");
  const choose = (next: TabName) => {
    setTab(next);
    setParams(next === "clients" ? {} : { tab: next }, { replace: true });
  };
  return (
    <Box sx={{ minWidth: 0 }}>
      <Tabs value={tab} onChange={(_, next: TabName) => choose(next)} aria-label={t("crmClients.tabs.label")} sx={{ mb: 2 }} variant="scrollable">
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`crmClients.tabs.${name}`)} id={`crm-tab-${name}`} aria-controls={`crm-panel-${name}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`crm-panel-${tab}`} aria-labelledby={`crm-tab-${tab}`}>
        {tab === "clients" ? <ClientsTab /> : <ListsTab />}
      </Box>
    </Box>
  );
}
