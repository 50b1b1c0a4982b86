import { formatCents, type ShopOrderRow } from "@clinic/shared";
import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation } from "react-router";
import { formatDate } from "../../../lib/dates.ts";
import { OrderStateChip } from "./OrderStateChip.tsx";

interface OrdersListProps {
  rows: ShopOrderRow[] | undefined;
  /** The screen of one order (the customer's or the manager's). */
  linkTo: (id: number) => string;
  /** Managers see who bought; customers see the store. */
  showCustomer: boolean;
  label: string;
  empty: string;
}

/** The total, and what of it was given back. */
function Total({ row }: { row: ShopOrderRow }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <span style={{ whiteSpace: "nowrap" }}>{formatCents(row.totalCents, row.currency, i18n.language)}</span>
      {row.refundedCents > 0 ? (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: "nowrap" }}>
          {t("shopOrders.list.refunded", { amount: formatCents(row.refundedCents, row.currency, i18n.language) })}
        </Typography>
      ) : null}
    </>
  );
}

/**
 * A page of orders: a table on wide screens, a list of cards on a phone (each card one link),
 * so nothing is wider than the page.
 */
export function OrdersList({ rows, linkTo, showCustomer, label, empty }: OrdersListProps) {
  const { t } = useTranslation();
  const location = useLocation();
  // The order's page links back to this list as it is now (filters, page).
  const back = { back: `${location.pathname}${location.search}` };
  const narrow = useMediaQuery(useTheme().breakpoints.down("md"), { noSsr: true });
  if (rows && rows.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  if (!rows) return null;
  if (narrow) {
    return (
      <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }}>
        {rows.map((row) => (
          <li key={row.id}>
            <Card variant="outlined">
              <CardActionArea component={RouterLink} to={linkTo(row.id)} state={back}>
                <CardContent>
                  <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: "space-between", alignItems: "center", flexWrap: "wrap" }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{row.number}</Typography>
                    <OrderStateChip state={row.state} />
                  </Stack>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                    {formatDate(row.createdAt)} · {showCustomer ? row.customer.name : row.store.name}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between", alignItems: "flex-end", mt: 1 }}>
                    <Typography variant="body2">
                      {t("shopOrders.list.items", { count: row.items })} · {t(`shopOrders.fulfilments.${row.fulfilment}`)}
                    </Typography>
                    <Box sx={{ textAlign: "right", fontWeight: 600 }}>
                      <Total row={row} />
                    </Box>
                  </Stack>
                </CardContent>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Stack>
    );
  }
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{t("shopOrders.list.number")}</TableCell>
          <TableCell>{t("shopOrders.list.date")}</TableCell>
          <TableCell>{showCustomer ? t("shopOrders.list.customer") : t("shopOrders.list.store")}</TableCell>
          <TableCell align="right">{t("shopOrders.list.itemsHeader")}</TableCell>
          <TableCell>{t("shopOrders.list.fulfilment")}</TableCell>
          <TableCell align="right">{t("shopOrders.list.total")}</TableCell>
          <TableCell>{t("shopOrders.list.state")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} hover>
            <TableCell>
              <Link component={RouterLink} to={linkTo(row.id)} state={back} sx={{ fontWeight: 500, whiteSpace: "nowrap" }}>
                {row.number}
              </Link>
            </TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDate(row.createdAt)}</TableCell>
            <TableCell>
              {showCustomer ? (
                <>
                  <Typography variant="body2">{row.customer.name}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {row.customer.email}
                  </Typography>
                </>
              ) : (
                row.store.name
              )}
            </TableCell>
            <TableCell align="right">{row.items}</TableCell>
            <TableCell>{t(`shopOrders.fulfilments.${row.fulfilment}`)}</TableCell>
            <TableCell align="right">
              <Total row={row} />
            </TableCell>
            <TableCell>
              <OrderStateChip state={row.state} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
