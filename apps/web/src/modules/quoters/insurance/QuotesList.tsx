import { INSURANCE_QUOTE_STATES, type InsuranceQuoteState, QUOTER_API, type QuoteRow } from "@clinic/shared";
import { Stack } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ExportButtons } from "../../../lib/components/ExportButtons.tsx";
import type { ManageColumn } from "../../../lib/components/ManageTable.tsx";
import { PagedTable } from "../../../lib/components/PagedTable.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { emptyListText } from "../../../lib/empty-list.ts";
import { formatMoney } from "../../../lib/money.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { numberColumn, personColumn } from "../QuoteColumns.tsx";
import { QuoteFilters, useQuoteDays } from "../QuoteFilters.tsx";
import { QUOTES_RESOURCE, quotePagePath, useQuoterAbilities } from "./api.ts";
import { ProductAgentFields, useProductAgentFilter } from "./ProductAgentFields.tsx";
import { QuoteStateChip } from "./StateChips.tsx";

/**
 * The quotes (`/quoter/app/quotes`): an agent's own, or every agent's for an admin; searched by
 * number, applicant name or email, narrowed by state, product, agent (admins) and the days they
 * were made; exported as CSV or XLSX in the same filters. A quote's number opens it.
 */
export function QuotesList() {
  const { t, i18n } = useTranslation();
  const { isAdmin } = useQuoterAbilities();
  const [state, setState] = useState<InsuranceQuoteState | "">("");
  const productAgent = useProductAgentFilter();
  const days = useQuoteDays();
  const filters = { state, ...productAgent.filters, ...days.filters };
  const list = usePagedList<QuoteRow>(QUOTES_RESOURCE, QUOTER_API.quotes, { filters, pageSize: 25 });
  const exportFilters = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ""));
  const money = (quote: QuoteRow) => formatMoney(quote.premiumCents, quote.currency, i18n.language);

  const title = numberColumn<QuoteRow>(
    t("quoter.fields.number"),
    (quote) => quote.number,
    (quote) => quotePagePath(quote.id),
  );
  const columns: ManageColumn<QuoteRow>[] = [
    personColumn("applicant", t("quoter.fields.applicant"), (quote) => ({ name: quote.applicantName, email: quote.applicantEmail })),
    { key: "state", title: t("quoter.fields.state"), cell: (quote) => <QuoteStateChip state={quote.state} /> },
    { key: "products", title: t("quoter.fields.products"), cell: (quote) => quote.products.join(", ") },
    { key: "premium", title: t("quoter.fields.premium"), align: "right", cell: (quote) => money(quote) },
    { key: "validUntil", title: t("quoter.fields.validUntil"), cell: (quote) => quote.validUntil },
    ...(isAdmin ? [{ key: "agent", title: t("quoter.fields.agent"), minWidth: 140, cell: (quote: QuoteRow) => quote.agent.name }] : []),
    { key: "policy", title: t("quoter.fields.policy"), wideOnly: true, cell: (quote) => quote.policy?.number ?? "" },
    { key: "created", title: t("quoter.fields.created"), wideOnly: true, cell: (quote) => formatDate(quote.createdAt) },
  ];
  const filtered = Object.keys(exportFilters).length > 0;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: { sm: "center" } }}>
        <ExportButtons path={QUOTER_API.quotesExport} search={list.search} filters={exportFilters} label={t("quoter.list.export")} kind="quotes" />
      </Stack>
      <QuoteFilters
        texts={{
          filters: t("quoter.list.filters"),
          search: t("quoter.list.search"),
          state: t("quoter.fields.state"),
          allStates: t("quoter.list.allStates"),
          from: t("quoter.list.from"),
          to: t("quoter.list.to"),
          reversed: t("quoter.messages.rangeReversed"),
        }}
        search={list.search}
        onSearch={list.onSearch}
        states={INSURANCE_QUOTE_STATES}
        stateName={(one) => t(`quoter.states.${one}`)}
        state={state}
        onState={setState}
        stateWidth={170}
        days={days}
        beforeDays={<ProductAgentFields filter={productAgent} />}
      />
      <PagedTable
        list={list}
        labels="catalogue"
        title={title}
        columns={columns}
        label={t("quoter.list.label")}
        emptyText={emptyListText(t, list.searched, filtered ? "quoter.list.noneFiltered" : "quoter.list.empty", "quoter.list.noMatch")}
      />
    </Stack>
  );
}
