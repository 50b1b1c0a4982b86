import { roleOf } from "@clinic/shared";
import { Alert, Box, Button, Stack, Tab, Tabs } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { useSignedIn } from "../../../lib/session.ts";
import { ClinicPicker } from "../../people/Pickers.tsx";
import { INBOX_SCREEN } from "../keys.ts";
import { CannedRepliesTab, NumbersTab, TemplatesTab } from "./SettingsTabs.tsx";

type SettingsTab = "canned" | "templates" | "numbers";

/**
 * The chat's settings (issue 41), each to whom the server lets change it: canned replies for
 * every agent, templates for the clinic's account and admins (read by the therapists), the
 * WhatsApp numbers for admins only (their tab is not shown to anyone else). An admin chooses the
 * clinic first.
 */
export function ChatSettingsPage() {
  const { t } = useTranslation();
  const session = useSignedIn();
  const role = roleOf({ isAdmin: session.isAdmin, groups: session.userData.groups });
  const [tab, setTab] = useState<SettingsTab>("canned");
  const [clinic, setClinic] = useState<{ id: string; label: string } | null>(null);
  const clinicId = session.isAdmin ? (clinic?.id ?? null) : null;
  const ready = !session.isAdmin || clinicId !== null;
  const tabs: SettingsTab[] = session.isAdmin ? ["canned", "templates", "numbers"] : ["canned", "templates"];
  return (
    <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 1100 }}>
      <Box>
        <Button component={RouterLink} to={INBOX_SCREEN} size="small">
          {t("chat.settings.backToInbox")}
        </Button>
      </Box>
      {session.isAdmin ? (
        <Stack spacing={1} sx={{ maxWidth: 520 }}>
          <ClinicPicker label={t("chat.settings.clinic")} required value={clinic} onChange={setClinic} />
          {clinic ? null : <Alert severity="info">{t("chat.settings.chooseClinic")}</Alert>}
        </Stack>
      ) : null}
      <Tabs value={tab} onChange={(_, value: SettingsTab) => setTab(value)} variant="scrollable" allowScrollButtonsMobile aria-label={t("chat.settings.tabs")}>
        {tabs.map((one) => (
          <Tab key={one} value={one} label={t(`chat.settings.${one}.title`)} id={`chat-settings-${one}`} aria-controls={`chat-settings-panel-${one}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`chat-settings-panel-${tab}`} aria-labelledby={`chat-settings-${tab}`}>
        {ready ? (
          <>
            {tab === "canned" ? <CannedRepliesTab clinicId={clinicId} /> : null}
            {tab === "templates" ? <TemplatesTab clinicId={clinicId} canChange={session.isAdmin || role === "clinic"} /> : null}
            {tab === "numbers" && clinicId ? <NumbersTab clinicId={clinicId} /> : null}
          </>
        ) : null}
      </Box>
    </Stack>
  );
}
