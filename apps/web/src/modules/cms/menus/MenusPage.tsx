import { CMS_MENU_LOCATIONS, type CmsMenuLocation, type Language, LANGUAGES } from "@clinic/shared";
import { Box, Tab, Tabs } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { MenuEditor } from "./MenuEditor.tsx";

type Choice = { language: Language; location: CmsMenuLocation };

/**
 * The site's menus (issue 39 "Navigation", `/cms/menus`): a header and a footer per language, as
 * WordPress lays them out. Switching menus with unsaved changes asks first, as leaving does.
 */
export function MenusPage() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Choice>({ language: "en", location: "header" });
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState<Choice | null>(null);
  const choose = (next: Choice) => {
    if (dirty) setPending(next);
    else setShown(next);
  };
  const panelId = `cms-menu-${shown.language}-${shown.location}`;
  return (
    <Box>
      <Tabs value={shown.language} onChange={(_, language: Language) => choose({ ...shown, language })} aria-label={t("cmsMenus.languagesLabel")}>
        {LANGUAGES.map((language) => (
          <Tab key={language} value={language} label={t(`cmsMenus.languages.${language}`)} id={`cms-menu-language-${language}`} aria-controls={panelId} />
        ))}
      </Tabs>
      <Tabs
        value={shown.location}
        onChange={(_, location: CmsMenuLocation) => choose({ ...shown, location })}
        aria-label={t("cmsMenus.locationsLabel")}
        sx={{ mb: 2, borderBottom: 1, borderColor: "divider" }}
      >
        {CMS_MENU_LOCATIONS.map((location) => (
          <Tab key={location} value={location} label={t(`cmsMenus.locations.${location}`)} id={`cms-menu-location-${location}`} aria-controls={panelId} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={panelId} aria-labelledby={`cms-menu-language-${shown.language} cms-menu-location-${shown.location}`}>
        <MenuEditor key={panelId} location={shown.location} language={shown.language} onDirty={setDirty} />
      </Box>
      <ConfirmDialog
        open={pending !== null}
        title={t("leaveGuard.title")}
        text={t("leaveGuard.text")}
        confirmLabel={t("leaveGuard.leave")}
        destructive
        onConfirm={() => {
          if (pending) setShown(pending);
          setDirty(false);
          setPending(null);
        }}
        onCancel={() => setPending(null)}
      />
    </Box>
  );
}
