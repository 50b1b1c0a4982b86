import { type PolicyRow, QUOTER_API } from "@clinic/shared";
import { Box, Stack } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { ManageColumn } from "../../../lib/components/ManageTable.tsx";
import { PagedTable } from "../../../lib/components/PagedTable.tsx";
import { SearchField } from "../../../lib/components/SearchField.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { emptyListText } from "../../../lib/empty-list.ts";
import { formatMoney } from "../../../lib/money.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { numberColumn, personColumn } from "../QuoteColumns.tsx";
import { POLICIES_RESOURCE, quotePagePath, useQuoterAbilities } from "./api.ts";
import { ProductAgentFields, useProductAgentFilter } from "./ProductAgentFields.tsx";

/**
 * The policies (`/quoter/app/quotes?tab=policies`): the quotes bound so far, an agent's own or
 * every agent's for an admin, newest first; searched by policy or quote number, holder name or
 * email, narrowed by product and agent (admins). A policy's number opens its quote, which shows
 * the policy's period, premium and the rules it was rated with.
 */
export function PoliciesList() {
  const { t, i18n } = useTranslation();
  const { isAdmin } = useQuoterAbilities();
  const productAgent = useProductAgentFilter();
  const list = usePagedList<PolicyRow>(POLICIES_RESOURCE, QUOTER_API.policies, { filters: productAgent.filters, pageSize: 25 });
  const filtered = productAgent.productId !== "" || productAgent.agent !== null;

  const title = numberColumn<PolicyRow>(
    t("quoter.policies.number"),
    (policy) => policy.number,
    (policy) => quotePagePath(policy.quote.id),
  );
  const columns: ManageColumn<PolicyRow>[] = [
    personColumn("holder", t("quoter.policies.holder"), (policy) => ({ name: policy.holderName, email: policy.holderEmail })),
    {
      key: "product",
      title: t("quoter.fields.product"),
      cell: (policy) => t("quoter.policies.productVersion", { code: policy.product.code, version: policy.product.version }),
    },
    {
      key: "premium",
      title: t("quoter.policies.premium"),
      align: "right",
      cell: (policy) => formatMoney(policy.premiumCents, policy.currency, i18n.language),
    },
    {
      key: "period",
      title: t("quoter.policies.period"),
      cell: (policy) => (
        <Box component="span" sx={{ whiteSpace: "nowrap" }}>
          {t("quoter.policies.periodValue", { from: formatDate(policy.startsOn), to: formatDate(policy.endsOn) })}
        </Box>
      ),
    },
    ...(isAdmin ? [{ key: "agent", title: t("quoter.fields.agent"), minWidth: 140, cell: (policy: PolicyRow) => policy.agent.name }] : []),
    { key: "quote", title: t("quoter.policies.quote"), wideOnly: true, cell: (policy) => policy.quote.number },
    { key: "bound", title: t("quoter.fields.boundAt"), wideOnly: true, cell: (policy) => formatDate(policy.createdAt) },
  ];

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Box component="section" aria-label={t("quoter.policies.filters")}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: { sm: "flex-start" } }}>
          <SearchField label={t("quoter.policies.search")} value={list.search} onChange={list.onSearch} width={260} />
          <ProductAgentFields filter={productAgent} />
        </Stack>
      </Box>
      <PagedTable
        list={list}
        labels="catalogue"
        title={title}
        columns={columns}
        label={t("quoter.policies.label")}
        emptyText={emptyListText(t, list.searched, filtered ? "quoter.policies.noneFiltered" : "quoter.policies.empty", "quoter.policies.noMatch")}
      />
    </Stack>
  );
}
