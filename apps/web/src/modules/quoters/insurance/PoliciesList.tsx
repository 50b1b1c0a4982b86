import { type InsuranceProductRow, type Paged, type PolicyRow, QUOTER_API, type UserSummary } from "@clinic/shared";
import { Box, Link, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { type ManageColumn, ManageTable } from "../../../lib/components/ManageTable.tsx";
import { SearchField } from "../../../lib/components/SearchField.tsx";
import { type PickerOption, SearchPicker } from "../../../lib/components/SearchPicker.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { emptyListText } from "../../../lib/empty-list.ts";
import { formatMoney } from "../../../lib/money.ts";
import { useResource } from "../../../lib/resource.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { VISUALLY_HIDDEN } from "../../../lib/visually-hidden.ts";
import { AGENTS_PATH, POLICIES_RESOURCE, QUOTER_KEY, quotePagePath, useQuoterAbilities } from "./api.ts";

/** Every product for the filter (an archived one still has its policies). */
const PRODUCTS_PATH = `${QUOTER_API.products}?rowsPerPage=100`;

/**
 * The policies (`/quoter/app/quotes?tab=policies`): the quotes bound so far, an agent's own or
 * every agent's for an admin, newest first; searched by policy or quote number, holder name or
 * email, narrowed by product and agent (admins). A policy's number opens its quote, which shows
 * the policy's period, premium and the rules it was rated with.
 */
export function PoliciesList() {
  const { t, i18n } = useTranslation();
  const { isAdmin } = useQuoterAbilities();
  const [productId, setProductId] = useState("");
  const [agent, setAgent] = useState<PickerOption | null>(null);
  const filters = { productId, agentId: agent?.id ?? "" };
  const list = usePagedList<PolicyRow>(POLICIES_RESOURCE, QUOTER_API.policies, { filters, pageSize: 25 });
  const products = useResource<Paged<InsuranceProductRow>>([QUOTER_KEY, "all-products"], PRODUCTS_PATH, { quiet: true });
  const filtered = productId !== "" || agent !== null;

  const title: ManageColumn<PolicyRow> = {
    key: "number",
    title: t("quoter.policies.number"),
    cell: (policy) => (
      <Link component={RouterLink} to={quotePagePath(policy.quote.id)} sx={{ whiteSpace: "nowrap" }}>
        {policy.number}
      </Link>
    ),
  };
  const columns: ManageColumn<PolicyRow>[] = [
    {
      key: "holder",
      title: t("quoter.policies.holder"),
      minWidth: 180,
      cell: (policy) => (
        <>
          {policy.holderName}
          <Typography variant="caption" color="text.secondary" sx={{ display: "block", overflowWrap: "anywhere" }}>
            {policy.holderEmail}
          </Typography>
        </>
      ),
    },
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
          <TextField
            select
            size="small"
            label={t("quoter.fields.product")}
            value={productId}
            onChange={(event) => setProductId(event.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ width: { xs: "100%", sm: 200 } }}
          >
            <MenuItem value="">{t("quoter.list.allProducts")}</MenuItem>
            {(products.data?.data ?? []).map((product) => (
              <MenuItem key={product.id} value={String(product.id)}>
                {product.code}
              </MenuItem>
            ))}
          </TextField>
          {isAdmin ? (
            <SearchPicker<UserSummary>
              path={AGENTS_PATH}
              queryKey={[QUOTER_KEY, "agents"]}
              toOption={(user) => ({ id: user.id, label: `${user.nombres} ${user.apellidos}`.trim() || user.email })}
              value={agent}
              onChange={setAgent}
              label={t("quoter.fields.agent")}
              noOptionsText={t("quoter.list.noAgents")}
              size="small"
              sx={{ width: { xs: "100%", sm: 220 } }}
            />
          ) : null}
        </Stack>
      </Box>
      <Typography component="h2" sx={VISUALLY_HIDDEN}>
        {t("quoter.policies.label")}
      </Typography>
      <ListLoading loading={list.loading} labels="catalogue" />
      <ManageTable
        rows={list.rows}
        rowKey={(policy) => policy.id}
        title={title}
        columns={columns}
        label={t("quoter.policies.label")}
        emptyText={emptyListText(t, list.searched, filtered ? "quoter.policies.noneFiltered" : "quoter.policies.empty", "quoter.policies.noMatch")}
      />
      <ListPagination list={list} labels="catalogue" />
    </Stack>
  );
}
