import { INSURANCE_PRODUCT_STATES, type InsuranceProductRow, type InsuranceProductState, inLanguage, QUOTER_API } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import { Button, Link, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { type ManageColumn, ManageTable } from "../../../lib/components/ManageTable.tsx";
import { SearchField } from "../../../lib/components/SearchField.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { emptyListText } from "../../../lib/empty-list.ts";
import { formatMoney } from "../../../lib/money.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { VISUALLY_HIDDEN } from "../../../lib/visually-hidden.ts";
import { PRODUCTS_RESOURCE, useProduct } from "./api.ts";
import { ProductDialog } from "./ProductDialog.tsx";
import { ProductStateChip } from "./StateChips.tsx";

/**
 * The policies list (admins): every insurance product by code, with its names, state, current
 * rules version, base premium and how many quotes it has. "New product" opens the editor; a
 * product's code opens it on that product (its current rules and versions, loaded first).
 */
export function ProductsPage() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<InsuranceProductState | "">("");
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const list = usePagedList<InsuranceProductRow>(PRODUCTS_RESOURCE, QUOTER_API.products, { filters: { state }, pageSize: 25 });
  const detail = useProduct(editing);
  // A product that could not be loaded (its notice says why) closes nothing and can be asked for again.
  const failed = detail.network.error;
  useEffect(() => {
    if (failed) setEditing(null);
  }, [failed]);

  const title: ManageColumn<InsuranceProductRow> = {
    key: "code",
    title: t("quoter.fields.code"),
    cell: (product) => (
      <Link component="button" type="button" onClick={() => setEditing(product.id)} aria-label={t("quoter.products.editNamed", { code: product.code })}>
        {product.code}
      </Link>
    ),
  };
  const columns: ManageColumn<InsuranceProductRow>[] = [
    { key: "name", title: t("quoter.fields.name"), minWidth: 180, cell: (product) => inLanguage(product.name, i18n.language) },
    { key: "state", title: t("quoter.fields.state"), cell: (product) => <ProductStateChip state={product.state} /> },
    { key: "version", title: t("quoter.fields.version"), align: "right", cell: (product) => t("quoter.versions.short", { version: product.currentVersion }) },
    {
      key: "base",
      title: t("quoter.rules.basePremium"),
      align: "right",
      cell: (product) => formatMoney(product.basePremiumCents, product.currency, i18n.language),
    },
    { key: "quotes", title: t("quoter.fields.quotes"), align: "right", cell: (product) => product.quotes },
    { key: "updated", title: t("quoter.fields.updated"), wideOnly: true, cell: (product) => formatDate(product.updatedAt) },
  ];

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{t("quoter.products.intro")}</Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: { sm: "flex-start" } }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t("quoter.products.add")}
        </Button>
        <SearchField label={t("quoter.products.search")} value={list.search} onChange={list.onSearch} width={240} />
        <TextField
          select
          size="small"
          label={t("quoter.fields.state")}
          value={state}
          onChange={(event) => setState(event.target.value as InsuranceProductState | "")}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: { xs: "100%", sm: 180 } }}
        >
          <MenuItem value="">{t("quoter.list.allStates")}</MenuItem>
          {INSURANCE_PRODUCT_STATES.map((one) => (
            <MenuItem key={one} value={one}>
              {t(`quoter.productStates.${one}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Typography component="h2" sx={VISUALLY_HIDDEN}>
        {t("quoter.products.label")}
      </Typography>
      <ListLoading loading={list.loading || (editing !== null && !detail.data && !detail.network.error)} labels="catalogue" />
      <ManageTable
        rows={list.rows}
        rowKey={(product) => product.id}
        title={title}
        columns={columns}
        label={t("quoter.products.label")}
        emptyText={emptyListText(t, list.searched, state ? "quoter.products.noneFiltered" : "quoter.products.empty", "quoter.products.noMatch")}
      />
      <ListPagination list={list} labels="catalogue" />
      <ProductDialog open={adding} product={null} onClose={() => setAdding(false)} />
      <ProductDialog open={editing !== null && detail.data?.id === editing} product={detail.data ?? null} onClose={() => setEditing(null)} />
    </Stack>
  );
}
