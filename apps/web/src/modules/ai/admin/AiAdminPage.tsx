import { Alert, Box, Stack, Tab, Tabs, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConsoleTab } from "./ConsoleTab.tsx";
import { FaqsTab } from "./FaqsTab.tsx";
import { LogsTab } from "./LogsTab.tsx";
import { ScopePicker } from "./ScopePicker.tsx";
import { SettingsTab } from "./SettingsTab.tsx";
import { AI_ADMIN_TABS, type AiAdminTab, useAiAdminAddress } from "./scope.ts";
import { UsageTab } from "./UsageTab.tsx";

function TabPanel({
  tab,
  clinicId,
  params,
  onRange,
}: { tab: AiAdminTab; clinicId: string | null } & Pick<Parameters<typeof UsageTab>[0], "params" | "onRange">) {
  switch (tab) {
    case "faqs":
      return <FaqsTab clinicId={clinicId} />;
    case "logs":
      return <LogsTab clinicId={clinicId} />;
    case "usage":
      return <UsageTab clinicId={clinicId} params={params} onRange={onRange} />;
    case "console":
      return <ConsoleTab clinicId={clinicId} />;
    default:
      return <SettingsTab clinicId={clinicId} />;
  }
}

/**
 * The AI chat's administration (`/ai/app`, admins with widget_chat_ai on; issue 42.4): a choice
 * per clinic, or the platform's own for users of no clinic, then its settings, FAQs, conversation
 * logs, usage and a test console as tabs. The scope and the tab stay in the address
 * (`?clinic=<id>&tab=usage`), so a reload or a shared link keeps them.
 */
export function AiAdminPage() {
  const { t } = useTranslation();
  const address = useAiAdminAddress();
  const { clinicId, tab } = address;
  // "A clinic" chosen, none picked yet: the address still says the platform until one is.
  const [choosing, setChoosing] = useState(false);
  const waiting = choosing && clinicId === null;
  return (
    <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 1200 }}>
      <Typography color="text.secondary">{t("aiAdmin.intro")}</Typography>
      <ScopePicker clinicId={clinicId} choosing={choosing} onChoosing={setChoosing} onChange={address.setClinic} />
      <Tabs
        value={tab}
        onChange={(_, next: AiAdminTab) => address.setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t("aiAdmin.tabs.label")}
      >
        {AI_ADMIN_TABS.map((one) => (
          <Tab key={one} value={one} label={t(`aiAdmin.tabs.${one}`)} id={`ai-admin-tab-${one}`} aria-controls={`ai-admin-panel-${one}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`ai-admin-panel-${tab}`} aria-labelledby={`ai-admin-tab-${tab}`} sx={{ minWidth: 0 }}>
        {waiting ? (
          <Alert severity="info">{t("aiAdmin.scope.pick")}</Alert>
        ) : (
          <TabPanel
            key={clinicId ?? "platform"}
            tab={tab}
            clinicId={clinicId}
            params={address.params}
            onRange={(range) => address.change({ since: range.since, to: range.to })}
          />
        )}
      </Box>
    </Stack>
  );
}
