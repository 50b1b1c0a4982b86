import ListAltOutlined from "@mui/icons-material/ListAltOutlined";
import { Box, Button, Stack, Tab, Tabs, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router";
import { VISUALLY_HIDDEN } from "../../../lib/visually-hidden.ts";
import { QUOTES_PAGE, useQuoterAbilities } from "./api.ts";
import { ProductsPage } from "./ProductsPage.tsx";
import { QuotePanel } from "./QuotePanel.tsx";

const TABS = ["policies", "quote"] as const;
type HomeTab = (typeof TABS)[number];
const tabOf = (value: string | null): HomeTab => (value === "quote" ? "quote" : "policies");

/** The agents' main panel under its heading. */
function MainPanel() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography component="h2" sx={VISUALLY_HIDDEN}>
        {t("quoter.panel.title")}
      </Typography>
      <Typography color="text.secondary">{t("quoter.panel.intro")}</Typography>
      <QuotePanel />
    </Stack>
  );
}

/**
 * The insurance quoter's home (`/quoter/app`): a platform admin sees the policies list (the
 * insurance products and their rules) with the main panel as a second tab (`?tab=quote`); an
 * agent sees the main panel. Both reach the quotes list from here.
 */
export function QuoterHome() {
  const { t } = useTranslation();
  const { isAdmin } = useQuoterAbilities();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get("tab"));
  const quotes = (
    <Box>
      <Button variant="outlined" component={RouterLink} to={QUOTES_PAGE} startIcon={<ListAltOutlined />}>
        {t("quoter.home.quotes")}
      </Button>
    </Box>
  );
  if (!isAdmin)
    return (
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        {quotes}
        <MainPanel />
      </Stack>
    );
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {quotes}
      <Tabs
        value={tab}
        onChange={(_, next: HomeTab) => setParams(next === "policies" ? {} : { tab: next }, { replace: true })}
        aria-label={t("quoter.home.tabs")}
        variant="scrollable"
      >
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`quoter.home.${name}`)} id={`quoter-tab-${name}`} aria-controls={`quoter-panel-${name}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`quoter-panel-${tab}`} aria-labelledby={`quoter-tab-${tab}`} sx={{ minWidth: 0 }}>
        {tab === "policies" ? <ProductsPage /> : <MainPanel />}
      </Box>
    </Stack>
  );
}
