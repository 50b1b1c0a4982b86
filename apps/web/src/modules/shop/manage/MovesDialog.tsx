import { type InventoryRow, OPENING_STOCK_NOTE, type StockMove } from "@clinic/shared";
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, Typography, useMediaQuery, useTheme } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { storeOrderScreen } from "../orders/api.ts";
import { useCan } from "./access.ts";
import { variantLabel } from "./AdjustDialog.tsx";
import { MOVES_RESOURCE, movesPath } from "./api.ts";
import { type ManageColumn, ManageTable } from "../../../lib/components/ManageTable.tsx";

/** The note the server gives the opening stock of a new variant (products.service.ts). */

/** +5 or −3, with the sign written out: the colour only repeats it. */
export function signed(delta: number): string {
  return delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`;
}

function Moves({ row }: { row: InventoryRow }) {
  const { t } = useTranslation();
  const can = useCan();
  const list = usePagedList<StockMove>(MOVES_RESOURCE, movesPath(row.variantId));
  const order = (move: StockMove) => {
    if (move.orderId === null) return "—";
    // The number customers quote ("SO-000123"), bare under the "Order" heading as the order lists show it.
    const label = move.orderNumber ?? String(move.orderId);
    // The order opens in the order manager, for those who may use it (change_store).
    return can("change_store") ? (
      <Link component={RouterLink} to={storeOrderScreen(move.orderId)}>
        {label}
      </Link>
    ) : (
      label
    );
  };
  const columns: ManageColumn<StockMove>[] = [
    {
      key: "delta",
      title: t("shopManage.moves.delta"),
      align: "right",
      cell: (move) => (
        <Typography component="span" variant="body2" sx={{ fontWeight: 700, color: move.delta > 0 ? "success.dark" : "error.dark" }}>
          {signed(move.delta)}
        </Typography>
      ),
    },
    {
      key: "reason",
      title: t("shopManage.moves.reason"),
      cell: (move) => {
        const reason = t(`shopManage.moves.reasons.${move.reason}`);
        // The server notes a new variant's first stock in English; that one note is translated.
        const note = move.note === OPENING_STOCK_NOTE ? t("shopManage.moves.openingStock") : move.note;
        return note ? `${reason}: ${note}` : reason;
      },
    },
    { key: "by", title: t("shopManage.moves.by"), cell: (move) => move.by?.name ?? t("shopManage.moves.system") },
    { key: "order", title: t("shopManage.moves.order"), cell: order },
  ];
  return (
    <>
      <ListLoading loading={list.loading} labels="catalogue" />
      <ManageTable
        rows={list.rows}
        rowKey={(move) => move.id}
        title={{
          key: "when",
          title: t("shopManage.moves.when"),
          cell: (move) => <span style={{ whiteSpace: "nowrap" }}>{formatDateTime(move.createdAt)}</span>,
        }}
        columns={columns}
        label={t("shopManage.moves.listLabel", { name: variantLabel(row) })}
        emptyText={t("shopManage.moves.empty")}
      />
      <ListPagination list={list} labels="catalogue" />
    </>
  );
}

/** A variant's stock history, newest first: each change, why, by whom, when, and the order behind it. */
export function MovesDialog({ row, onClose }: { row: InventoryRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const titleId = useId();
  return (
    <Dialog open={row !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle id={titleId}>{t("shopManage.moves.title")}</DialogTitle>
      <DialogContent>
        {row ? (
          <>
            <DialogContentText sx={{ mb: 1 }}>{t("shopManage.moves.text", { name: variantLabel(row), sku: row.sku, count: row.stock })}</DialogContentText>
            <Moves row={row} />
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("shopManage.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
