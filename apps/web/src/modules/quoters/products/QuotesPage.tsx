import { PRODUCT_QUOTE_STATES, type ProductQuoteRow, type ProductQuoteState } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import { Box, Button, Checkbox, FormControlLabel, Stack, Tab, Tabs, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { ExportButtons } from "../../../lib/components/ExportButtons.tsx";
import type { ManageColumn } from "../../../lib/components/ManageTable.tsx";
import { PagedTable } from "../../../lib/components/PagedTable.tsx";
import type { PickerOption } from "../../../lib/components/SearchPicker.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { emptyListText } from "../../../lib/empty-list.ts";
import { formatMoney } from "../../../lib/money.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { ClinicPicker } from "../../people/Pickers.tsx";
import { numberColumn, personColumn } from "../QuoteColumns.tsx";
import { QuoteFilters, useQuoteDays } from "../QuoteFilters.tsx";
import { QUOTES_EXPORT_PATH, QUOTES_PATH, QUOTES_RESOURCE, quotePagePath, useQuoteAbilities } from "./api.ts";
import { QuoteFiguresTab } from "./figures/QuoteFiguresTab.tsx";
import { QuoteDialog } from "./QuoteDialog.tsx";
import { QuoteStateChip } from "./StateChip.tsx";

const TABS = ["quotes", "figures"] as const;
type QuotesTab = (typeof TABS)[number];
const tabOf = (value: string | null): QuotesTab => (value === "figures" ? "figures" : "quotes");

/**
 * The product quoter (`/product-quoter/app`): the clinic's quotes, each number's latest revision,
 * newest first, searched by number, client or email and narrowed by state and created days (and
 * by clinic, for a platform admin), exported as CSV or XLSX in those filters; "New quote" opens
 * the editor. The figures tab shows quoted against accepted amounts per month and per author.
 * The tab stays in the address (`?tab=figures`).
 */
export function QuotesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get("tab"));
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Tabs
        value={tab}
        onChange={(_, next: QuotesTab) => setParams(next === "quotes" ? {} : { tab: next }, { replace: true })}
        aria-label={t("productQuoter.list.tabs")}
        variant="scrollable"
      >
        {TABS.map((one) => (
          <Tab key={one} value={one} label={t(`productQuoter.list.tab.${one}`)} id={`quotes-tab-${one}`} aria-controls={`quotes-panel-${one}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`quotes-panel-${tab}`} aria-labelledby={`quotes-tab-${tab}`} sx={{ minWidth: 0 }}>
        {tab === "figures" ? <QuoteFiguresTab /> : <QuotesList />}
      </Box>
    </Stack>
  );
}

function QuotesList() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const abilities = useQuoteAbilities();
  const [state, setState] = useState<ProductQuoteState | "">("");
  const [clinic, setClinic] = useState<PickerOption | null>(null);
  const days = useQuoteDays();
  const [adding, setAdding] = useState(false);
  const [allRevisions, setAllRevisions] = useState(false);
  const filters = { state, clinicId: clinic?.id ?? "", ...days.filters, allRevisions: allRevisions ? "true" : "" };
  const list = usePagedList<ProductQuoteRow>(QUOTES_RESOURCE, QUOTES_PATH, { filters, pageSize: 25 });
  const exportFilters = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ""));

  const title = numberColumn<ProductQuoteRow>(
    t("productQuoter.fields.number"),
    (quote) => quote.label,
    (quote) => quotePagePath(quote.id),
    150,
  );
  const columns: ManageColumn<ProductQuoteRow>[] = [
    personColumn("client", t("productQuoter.fields.client"), (quote) => ({ name: quote.clientName, email: quote.clientEmail })),
    { key: "total", title: t("productQuoter.fields.total"), align: "right", cell: (quote) => formatMoney(quote.totalCents, quote.currency, i18n.language) },
    { key: "state", title: t("productQuoter.fields.state"), cell: (quote) => <QuoteStateChip state={quote.state} /> },
    { key: "validUntil", title: t("productQuoter.fields.validUntil"), cell: (quote) => quote.validUntil },
    { key: "sentAt", title: t("productQuoter.fields.sentAt"), cell: (quote) => (quote.sentAt ? formatDate(quote.sentAt) : t("productQuoter.list.notSent")) },
    ...(abilities.choosesClinic
      ? [{ key: "clinic", title: t("productQuoter.fields.clinic"), minWidth: 140, cell: (quote: ProductQuoteRow) => quote.clinic.name, wideOnly: true }]
      : []),
  ];
  const filtered = state !== "" || clinic !== null || days.from !== "" || days.to !== "" || allRevisions;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{t("productQuoter.list.intro")}</Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: { sm: "center" } }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t("productQuoter.list.add")}
        </Button>
        <ExportButtons path={QUOTES_EXPORT_PATH} search={list.search} filters={exportFilters} label={t("productQuoter.list.export")} kind="productQuotes" />
      </Stack>
      <QuoteFilters
        texts={{
          filters: t("productQuoter.list.filters"),
          search: t("productQuoter.list.search"),
          state: t("productQuoter.fields.state"),
          allStates: t("productQuoter.list.allStates"),
          from: t("productQuoter.list.from"),
          to: t("productQuoter.list.to"),
          reversed: t("productQuoter.messages.dateRange"),
        }}
        search={list.search}
        onSearch={list.onSearch}
        states={PRODUCT_QUOTE_STATES}
        stateName={(one) => t(`productQuoter.states.${one}`)}
        state={state}
        onState={setState}
        stateWidth={180}
        days={days}
        afterDays={
          <>
            {abilities.choosesClinic ? <ClinicPicker label={t("productQuoter.fields.clinic")} size="small" value={clinic} onChange={setClinic} /> : null}
            <FormControlLabel
              control={<Checkbox checked={allRevisions} onChange={(event) => setAllRevisions(event.target.checked)} />}
              label={t("productQuoter.list.allRevisions")}
            />
          </>
        }
      />
      <PagedTable
        list={list}
        labels="catalogue"
        title={title}
        columns={columns}
        label={t("productQuoter.list.label")}
        emptyText={emptyListText(t, list.searched, filtered ? "productQuoter.list.noneFiltered" : "productQuoter.list.empty", "productQuoter.list.noMatch")}
      />
      <QuoteDialog open={adding} quote={null} onClose={() => setAdding(false)} onSaved={(saved) => navigate(quotePagePath(saved.id))} />
    </Stack>
  );
}
