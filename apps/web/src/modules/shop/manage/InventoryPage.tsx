import type { InventoryRow, ShopStore } from "@clinic/shared";
import HistoryOutlined from "@mui/icons-material/HistoryOutlined";
import TuneOutlined from "@mui/icons-material/TuneOutlined";
import WarningAmber from "@mui/icons-material/WarningAmber";
import { Button, Chip, FormControlLabel, Stack, Switch, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { WithId } from "../../../lib/collection.ts";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { SearchField } from "../../../lib/components/SearchField.tsx";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { AdjustDialog, variantLabel } from "./AdjustDialog.tsx";
import { INVENTORY_RESOURCE, inventoryPath } from "./api.ts";
import { type ManageColumn, ManageTable } from "../../../lib/components/ManageTable.tsx";
import { RowButton } from "../../../lib/components/RowButtons.tsx";
import { MovesDialog } from "./MovesDialog.tsx";
import { ActiveChip } from "./ProductsSection.tsx";
import { StoreScope } from "./StoreScope.tsx";
import { ThresholdDialog } from "./ThresholdDialog.tsx";
import { emptyListText } from "../../../lib/empty-list.ts";

// Inventory rows are keyed by variantId and carry no `id`; this list adds no records, so
// usePagedList never reads one (it only would for records an action added).
type Row = InventoryRow & WithId;

/** A variant's stock, with a low-stock warning in words beside the number. */
function StockCell({ row }: { row: InventoryRow }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: { sm: "flex-end" } }} component="span">
      <Typography component="span" variant="body2" sx={{ fontWeight: 700 }}>
        {row.stock}
      </Typography>
      {row.low ? <Chip size="small" color="warning" variant="outlined" icon={<WarningAmber />} label={t("shopManage.inventory.low")} /> : null}
    </Stack>
  );
}

function Inventory({ store }: { store: ShopStore }) {
  const { t } = useTranslation();
  const [low, setLow] = useState(false);
  const [adjusting, setAdjusting] = useState<InventoryRow | null>(null);
  const [threshold, setThreshold] = useState<InventoryRow | null>(null);
  const [history, setHistory] = useState<InventoryRow | null>(null);
  const list = usePagedList<Row>(INVENTORY_RESOURCE, inventoryPath(store.id), { filters: { low: low ? "true" : undefined }, pageSize: 25 });
  // The dialog follows the list's copy of its row: after a refresh (a 409 refetches) it shows the stock as it is now.
  const adjustingNow = adjusting ? (list.rows?.find((row) => row.variantId === adjusting.variantId) ?? adjusting) : null;
  const columns: ManageColumn<InventoryRow>[] = [
    { key: "sku", title: t("shopManage.variants.sku"), cell: (row) => <code>{row.sku}</code> },
    { key: "stock", title: t("shopManage.variants.stock"), align: "right", cell: (row) => <StockCell row={row} /> },
    { key: "threshold", title: t("shopManage.variants.threshold"), align: "right", cell: (row) => row.lowStockThreshold },
    { key: "active", title: t("shopManage.state"), cell: (row) => <ActiveChip active={row.active} /> },
  ];
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{t("shopManage.inventory.intro")}</Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
        <SearchField label={t("shopManage.inventory.search")} value={list.search} onChange={list.onSearch} />
        <FormControlLabel control={<Switch checked={low} onChange={(event) => setLow(event.target.checked)} />} label={t("shopManage.inventory.lowOnly")} />
      </Stack>
      <ListLoading loading={list.loading} labels="catalogue" />
      <ManageTable
        rows={list.rows}
        rowKey={(row) => row.variantId}
        title={{ key: "variant", title: t("shopManage.inventory.variant"), cell: (row) => variantLabel(row) }}
        columns={columns}
        label={t("shopManage.inventory.listLabel")}
        emptyText={emptyListText(t, list.searched, low ? "shopManage.inventory.noneLow" : "shopManage.inventory.empty", "shopManage.inventory.noMatch")}
        actions={(row) => (
          <>
            <Button
              size="small"
              variant="outlined"
              onClick={() => setAdjusting(row)}
              aria-label={t("shopManage.inventory.adjustNamed", { name: variantLabel(row) })}
            >
              {t("shopManage.inventory.adjust")}
            </Button>
            <RowButton label={t("shopManage.inventory.thresholdNamed", { name: variantLabel(row) })} onClick={() => setThreshold(row)}>
              <TuneOutlined fontSize="small" />
            </RowButton>
            <RowButton label={t("shopManage.inventory.historyNamed", { name: variantLabel(row) })} onClick={() => setHistory(row)}>
              <HistoryOutlined fontSize="small" />
            </RowButton>
          </>
        )}
      />
      <ListPagination list={list} labels="catalogue" />
      <AdjustDialog row={adjustingNow} onClose={() => setAdjusting(null)} />
      <ThresholdDialog row={threshold} onClose={() => setThreshold(null)} />
      <MovesDialog row={history} onClose={() => setHistory(null)} />
    </Stack>
  );
}

/** Inventory (issue 20.4): every variant's stock, the low ones at a glance, counted adjustments and each variant's history. */
export function InventoryPage() {
  return <StoreScope>{(store) => <Inventory key={store.id} store={store} />}</StoreScope>;
}
