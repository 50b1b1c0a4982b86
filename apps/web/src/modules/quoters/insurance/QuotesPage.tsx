import AddIcon from "@mui/icons-material/Add";
import { Box, Button, Stack, Tab, Tabs, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router";
import { QUOTER_HOME, useQuoterAbilities } from "./api.ts";
import { PoliciesList } from "./PoliciesList.tsx";
import { QuoterFiguresTab } from "./QuoterFiguresTab.tsx";
import { QuotesList } from "./QuotesList.tsx";

const TABS = ["list", "policies", "figures"] as const;
type QuotesTab = (typeof TABS)[number];

/**
 * `/quoter/app/quotes`: the quotes list, and the policies and the figures as other tabs
 * (`?tab=policies`, `?tab=figures`), so a reload keeps them. "New quote" goes to the main panel.
 */
export function QuotesPage() {
  const { t } = useTranslation();
  const { isAdmin } = useQuoterAbilities();
  const [params, setParams] = useSearchParams();
  const tab: QuotesTab = TABS.find((name) => name === params.get("tab")) ?? "list";
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{t(isAdmin ? "quoter.list.introAdmin" : "quoter.list.intro")}</Typography>
      <Box>
        <Button variant="contained" component={RouterLink} to={isAdmin ? `${QUOTER_HOME}?tab=quote` : QUOTER_HOME} startIcon={<AddIcon />}>
          {t("quoter.list.add")}
        </Button>
      </Box>
      <Tabs
        value={tab}
        onChange={(_, next: QuotesTab) => setParams(next === "list" ? {} : { tab: next }, { replace: true })}
        aria-label={t("quoter.list.tabs")}
        variant="scrollable"
      >
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`quoter.list.tab.${name}`)} id={`quotes-tab-${name}`} aria-controls={`quotes-panel-${name}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`quotes-panel-${tab}`} aria-labelledby={`quotes-tab-${tab}`} sx={{ minWidth: 0 }}>
        {tab === "list" ? <QuotesList /> : tab === "policies" ? <PoliciesList /> : <QuoterFiguresTab />}
      </Box>
    </Stack>
  );
}
