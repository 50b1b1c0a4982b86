import { formatCents, type ShopCategory, type ShopProductRow, type ShopStore } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import ImageOutlined from "@mui/icons-material/ImageOutlined";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Avatar, Button, Chip, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { SearchField } from "../../../lib/components/SearchField.tsx";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { ExportButtons } from "../../../lib/components/ExportButtons.tsx";
import { categoryScreen, deleteProduct, EVERY_MANAGE_LIST, PRODUCTS_RESOURCE, productsPath, SCREENS, withStore } from "./api.ts";
import { useDeleteConfirm } from "../../../lib/components/ManageList.tsx";
import { type ManageColumn, ManageTable } from "../../../lib/components/ManageTable.tsx";
import { EditDeleteButtons } from "../../../lib/components/RowButtons.tsx";
import { ProductDialog } from "./ProductDialog.tsx";
import { ProductImportDialog } from "./ProductImportDialog.tsx";
import { productsExportPath } from "./product-import.ts";
import { emptyListText } from "../../../lib/empty-list.ts";

type ActiveFilter = "" | "true" | "false";

/** On sale or not, said in words. */
export function ActiveChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={active ? "success" : "default"} label={active ? t("shopManage.onSale") : t("shopManage.offSale")} />;
}

interface ProductsSectionProps {
  store: ShopStore;
  categories: readonly ShopCategory[];
  category: ShopCategory | null;
  /** The category named in the address is still being looked up: the list waits for it. */
  waiting: boolean;
}

/** The store's products: search, category and on-sale filters, server pages; add, edit and delete; export and import as CSV/XLSX. */
export function ProductsSection({ store, categories, category, waiting }: ProductsSectionProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [active, setActive] = useState<ActiveFilter>("");
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [importing, setImporting] = useState(false);
  const list = usePagedList<ShopProductRow>(PRODUCTS_RESOURCE, waiting ? null : productsPath(store.id), {
    filters: { category: category?.id, active },
  });
  const deletion = useDeleteConfirm<ShopProductRow>({
    title: t("shopManage.products.deleteTitle"),
    text: (product) => t("shopManage.products.deleteText", { name: product.name }),
    run: (product) => deleteProduct(product.id),
    invalidate: [...EVERY_MANAGE_LIST],
    deleted: (product) => t("shopManage.products.deleted", { name: product.name }),
  });
  const money = (cents: number) => formatCents(cents, store.currency, i18n.language);
  const price = (row: ShopProductRow) => {
    if (row.minPriceCents === null || row.maxPriceCents === null) return "—";
    return row.minPriceCents === row.maxPriceCents
      ? money(row.minPriceCents)
      : t("shopManage.range", { from: money(row.minPriceCents), to: money(row.maxPriceCents) });
  };
  const title: ManageColumn<ShopProductRow> = {
    key: "name",
    title: t("shopManage.name"),
    minWidth: 200,
    cell: (row) => (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }} component="span">
        <Avatar src={row.imageUrl ?? undefined} alt="" variant="rounded" sx={{ width: 40, height: 40, bgcolor: "action.hover", color: "text.secondary" }}>
          <ImageOutlined fontSize="small" />
        </Avatar>
        <span>
          {row.name}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block", fontWeight: 400 }}>
            {t("shopManage.products.variantCount", { count: row.variants })}
          </Typography>
        </span>
      </Stack>
    ),
  };
  const columns: ManageColumn<ShopProductRow>[] = [
    // Inside a category every row would repeat its name.
    ...(category
      ? []
      : [
          {
            key: "category",
            title: t("shopManage.products.category"),
            cell: (row: ShopProductRow) => row.category?.name ?? t("shopManage.products.noCategory"),
          },
        ]),
    { key: "price", title: t("shopManage.products.price"), align: "right", cell: (row) => <span style={{ whiteSpace: "nowrap" }}>{price(row)}</span> },
    { key: "stock", title: t("shopManage.products.stock"), align: "right", cell: (row) => row.stock },
    { key: "active", title: t("shopManage.state"), cell: (row) => <ActiveChip active={row.active} /> },
  ];
  return (
    <Stack spacing={2} component="section" aria-labelledby="shop-products-heading" sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}>
        <Typography id="shop-products-heading" component="h2" variant="h6" sx={{ overflowWrap: "anywhere" }}>
          {category ? t("shopManage.products.titleIn", { category: category.name }) : t("shopManage.products.title")}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
          <ExportButtons kind="products" path={productsExportPath(store.id)} search="" filters={{}} label={t("shopManage.import.exportLabel")} />
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
            {t("shopManage.import.open")}
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing("new")}>
            {t("shopManage.products.add")}
          </Button>
        </Stack>
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ flexWrap: "wrap", rowGap: 2 }}>
        <SearchField label={t("shopManage.products.search")} value={list.search} onChange={list.onSearch} width={280} />
        <TextField
          select
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          size="small"
          label={t("shopManage.products.category")}
          value={category ? String(category.id) : ""}
          onChange={(event) => navigate(withStore(event.target.value ? categoryScreen(Number(event.target.value)) : SCREENS.products, store.id))}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t("shopManage.categories.all")}</MenuItem>
          {categories.map((one) => (
            <MenuItem key={one.id} value={String(one.id)}>
              {one.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          size="small"
          label={t("shopManage.state")}
          value={active}
          onChange={(event) => setActive(event.target.value as ActiveFilter)}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t("shopManage.all")}</MenuItem>
          <MenuItem value="true">{t("shopManage.onSale")}</MenuItem>
          <MenuItem value="false">{t("shopManage.offSale")}</MenuItem>
        </TextField>
      </Stack>
      <ListLoading loading={list.loading} labels="catalogue" />
      <ManageTable
        rows={list.rows}
        rowKey={(row) => row.id}
        title={title}
        columns={columns}
        label={t("shopManage.products.listLabel")}
        emptyText={emptyListText(t, list.searched, "shopManage.products.empty", "shopManage.products.noMatch")}
        actions={(row) => <EditDeleteButtons name={row.name} onEdit={() => setEditing(row.id)} onDelete={() => deletion.ask(row)} />}
      />
      <ListPagination list={list} labels="catalogue" />
      <ProductDialog
        open={editing !== null}
        store={store}
        categories={categories}
        productId={typeof editing === "number" ? editing : null}
        categoryId={category?.id ?? null}
        onClose={() => setEditing(null)}
      />
      <ProductImportDialog open={importing} store={store} onClose={() => setImporting(false)} />
      {deletion.dialog}
    </Stack>
  );
}
