import { formatCents, type OrderLine } from "@clinic/shared";
import { Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow } from "@mui/material";
import { useTranslation } from "react-i18next";
import { formatTaxRate } from "./format.ts";

export interface Amounts {
  lines: OrderLine[];
  netCents: number;
  taxRateBp: number;
  taxCents: number;
  totalCents: number;
  currency: string;
}

/**
 * The lines of a quote or an order, then net, tax (with its rate) and total, all as the server
 * computed them. It scrolls sideways on a phone, reachable by keyboard.
 */
export function AmountsTable({ amounts, caption }: { amounts: Amounts; caption: string }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatCents(cents, amounts.currency, i18n.language);
  const sum = (label: string, cents: number, strong = false) => (
    <TableRow>
      <TableCell component="th" scope="row" colSpan={3} align="right" sx={{ fontWeight: strong ? 700 : 400, color: "text.primary", fontSize: "0.875rem" }}>
        {label}
      </TableCell>
      <TableCell align="right" sx={{ fontWeight: strong ? 700 : 400, color: "text.primary", fontSize: "0.875rem", whiteSpace: "nowrap" }}>
        {money(cents)}
      </TableCell>
    </TableRow>
  );
  return (
    <TableContainer tabIndex={0} role="region" aria-label={caption} sx={{ overflowX: "auto" }}>
      <Table size="small" sx={{ minWidth: 420, captionSide: "top" }}>
        <caption style={{ captionSide: "top", textAlign: "left", padding: "0 0 8px" }}>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell>{t("billing.amounts.description")}</TableCell>
            <TableCell align="right">{t("billing.amounts.quantity")}</TableCell>
            <TableCell align="right">{t("billing.amounts.unit")}</TableCell>
            <TableCell align="right">{t("billing.amounts.amount")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {amounts.lines.map((line, index) => (
            // Lines have no id; their order is the invoice's.
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines never reorder.
            <TableRow key={index}>
              <TableCell>{line.description}</TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                {money(line.unitCents)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                {money(line.amountCents)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          {sum(t("billing.amounts.net"), amounts.netCents)}
          {sum(t("billing.amounts.tax", { rate: formatTaxRate(amounts.taxRateBp, i18n.language) }), amounts.taxCents)}
          {sum(t("billing.amounts.total"), amounts.totalCents, true)}
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
