import { formatCents, type OrderSummary } from "@clinic/shared";
import { Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { formatDate } from "../../../lib/dates.ts";
import type { PagedList } from "../../../lib/usePagedList.ts";
import { orderPath } from "./api.ts";
import { OrderStateChip } from "./StateChips.tsx";
import { emptyListText } from "../../../lib/empty-list.ts";

interface Column {
  key: string;
  title: string;
  cell: (row: OrderSummary) => ReactNode;
  align?: "right";
}

/**
 * The orders of the payment history, one server page at a time. On a phone the table keeps
 * its columns and scrolls sideways inside a focusable region (arrow keys scroll it).
 */
export function OrdersTable({ list, showBuyer, label }: { list: PagedList<OrderSummary>; showBuyer: boolean; label: string }) {
  const { t, i18n } = useTranslation();
  const columns: Column[] = [
    {
      key: "number",
      title: t("billing.history.number"),
      cell: (row) => (
        <Link component={RouterLink} to={orderPath(row.id)} sx={{ fontWeight: 500, whiteSpace: "nowrap" }}>
          {row.number}
        </Link>
      ),
    },
    { key: "date", title: t("billing.history.date"), cell: (row) => <span style={{ whiteSpace: "nowrap" }}>{formatDate(row.createdAt)}</span> },
    ...(showBuyer
      ? [
          {
            key: "buyer",
            title: t("billing.history.buyer"),
            cell: (row: OrderSummary) => (
              <>
                <Typography variant="body2">{row.buyer.name}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {row.buyer.email}
                </Typography>
              </>
            ),
          },
        ]
      : []),
    { key: "plan", title: t("billing.history.plan"), cell: (row) => row.plan },
    {
      key: "period",
      title: t("billing.history.period"),
      cell: (row) => <span style={{ whiteSpace: "nowrap" }}>{t("billing.range", { from: row.periodFrom, to: row.periodTo })}</span>,
    },
    {
      key: "total",
      title: t("billing.history.total"),
      align: "right",
      cell: (row) => <span style={{ whiteSpace: "nowrap" }}>{formatCents(row.totalCents, row.currency, i18n.language)}</span>,
    },
    { key: "state", title: t("billing.history.state"), cell: (row) => <OrderStateChip state={row.state} /> },
    { key: "invoice", title: t("billing.history.invoice"), cell: (row) => row.invoiceNumber ?? "—" },
  ];
  return (
    <>
      <ListLoading loading={list.loading} labels="catalogue" />
      <TableContainer tabIndex={0} role="region" aria-label={t("billing.history.scrollRegion", { label })} sx={{ overflowX: "auto" }}>
        <Table size="small" aria-label={label} sx={{ minWidth: showBuyer ? 900 : 760 }}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align} sx={{ whiteSpace: "nowrap" }}>
                  {column.title}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.rows?.map((row) => (
              <TableRow key={row.id} hover>
                {columns.map((column) => (
                  <TableCell key={column.key} align={column.align}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {list.rows && list.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Typography color="text.secondary">{emptyListText(t, list.searched, "billing.history.empty", "billing.history.noMatch")}</Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination list={list} labels="catalogue" />
    </>
  );
}
