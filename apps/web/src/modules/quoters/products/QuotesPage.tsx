import { PRODUCT_QUOTE_STATES, type ProductQuoteRow, type ProductQuoteState } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import { Box, Button, Checkbox, FormControlLabel, Link, MenuItem, Stack, Tab, Tabs, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { DateField } from "../../../lib/components/DateField.tsx";
import { ExportButtons } from "../../../lib/components/ExportButtons.tsx";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { type ManageColumn, ManageTable } from "../../../lib/components/ManageTable.tsx";
import { SearchField } from "../../../lib/components/SearchField.tsx";
import type { PickerOption } from "../../../lib/components/SearchPicker.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { emptyListText } from "../../../lib/empty-list.ts";
import { formatMoney } from "../../../lib/money.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { VISUALLY_HIDDEN } from "../../../lib/visually-hidden.ts";
import { ClinicPicker } from "../../people/Pickers.tsx";
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
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [adding, setAdding] = useState(false);
  const [allRevisions, setAllRevisions] = useState(false);
  const rangeWrong = from !== "" && to !== "" && to < from;
  const filters = { state, clinicId: clinic?.id ?? "", from, to: rangeWrong ? "" : to, allRevisions: allRevisions ? "true" : "" };
  const list = usePagedList<ProductQuoteRow>(QUOTES_RESOURCE, QUOTES_PATH, { filters, pageSize: 25 });
  const exportFilters = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ""));

  const title: ManageColumn<ProductQuoteRow> = {
    key: "number",
    title: t("productQuoter.fields.number"),
    minWidth: 150,
    cell: (quote) => (
      <Link component={RouterLink} to={quotePagePath(quote.id)} sx={{ whiteSpace: "nowrap" }}>
        {quote.label}
      </Link>
    ),
  };
  const columns: ManageColumn<ProductQuoteRow>[] = [
    {
      key: "client",
      title: t("productQuoter.fields.client"),
      minWidth: 180,
      cell: (quote) => (
        <>
          {quote.clientName}
          <Typography variant="caption" color="text.secondary" sx={{ display: "block", overflowWrap: "anywhere" }}>
            {quote.clientEmail}
          </Typography>
        </>
      ),
    },
    { key: "total", title: t("productQuoter.fields.total"), align: "right", cell: (quote) => formatMoney(quote.totalCents, quote.currency, i18n.language) },
    { key: "state", title: t("productQuoter.fields.state"), cell: (quote) => <QuoteStateChip state={quote.state} /> },
    { key: "validUntil", title: t("productQuoter.fields.validUntil"), cell: (quote) => quote.validUntil },
    { key: "sentAt", title: t("productQuoter.fields.sentAt"), cell: (quote) => (quote.sentAt ? formatDate(quote.sentAt) : t("productQuoter.list.notSent")) },
    ...(abilities.choosesClinic
      ? [{ key: "clinic", title: t("productQuoter.fields.clinic"), minWidth: 140, cell: (quote: ProductQuoteRow) => quote.clinic.name, wideOnly: true }]
      : []),
  ];
  const filtered = state !== "" || clinic !== null || from !== "" || to !== "" || allRevisions;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{t("productQuoter.list.intro")}</Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: { sm: "center" } }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t("productQuoter.list.add")}
        </Button>
        <ExportButtons path={QUOTES_EXPORT_PATH} search={list.search} filters={exportFilters} label={t("productQuoter.list.export")} kind="productQuotes" />
      </Stack>
      <Box component="section" aria-label={t("productQuoter.list.filters")}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: { sm: "flex-start" } }}>
          <SearchField label={t("productQuoter.list.search")} value={list.search} onChange={list.onSearch} width={260} />
          <TextField
            select
            size="small"
            label={t("productQuoter.fields.state")}
            value={state}
            onChange={(event) => setState(event.target.value as ProductQuoteState | "")}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ width: { xs: "100%", sm: 180 } }}
          >
            <MenuItem value="">{t("productQuoter.list.allStates")}</MenuItem>
            {PRODUCT_QUOTE_STATES.map((one) => (
              <MenuItem key={one} value={one}>
                {t(`productQuoter.states.${one}`)}
              </MenuItem>
            ))}
          </TextField>
          <DateField
            label={t("productQuoter.list.from")}
            size="small"
            value={from}
            onChange={setFrom}
            maxDate={to || undefined}
            sx={{ width: { xs: "100%", sm: 170 } }}
          />
          <DateField
            label={t("productQuoter.list.to")}
            size="small"
            value={to}
            onChange={setTo}
            minDate={from || undefined}
            error={rangeWrong}
            helperText={rangeWrong ? t("productQuoter.messages.dateRange") : undefined}
            sx={{ width: { xs: "100%", sm: 170 } }}
          />
          {abilities.choosesClinic ? <ClinicPicker label={t("productQuoter.fields.clinic")} size="small" value={clinic} onChange={setClinic} /> : null}
          <FormControlLabel
            control={<Checkbox checked={allRevisions} onChange={(event) => setAllRevisions(event.target.checked)} />}
            label={t("productQuoter.list.allRevisions")}
          />
        </Stack>
      </Box>
      <Typography component="h2" sx={VISUALLY_HIDDEN}>
        {t("productQuoter.list.label")}
      </Typography>
      <ListLoading loading={list.loading} labels="catalogue" />
      <ManageTable
        rows={list.rows}
        rowKey={(quote) => quote.id}
        title={title}
        columns={columns}
        label={t("productQuoter.list.label")}
        emptyText={emptyListText(t, list.searched, filtered ? "productQuoter.list.noneFiltered" : "productQuoter.list.empty", "productQuoter.list.noMatch")}
      />
      <ListPagination list={list} labels="catalogue" />
      <QuoteDialog open={adding} quote={null} onClose={() => setAdding(false)} onSaved={(saved) => navigate(quotePagePath(saved.id))} />
    </Stack>
  );
}
