import type { ProductQuoteLineView } from "@clinic/shared";
import { Box, Table, TableBody, TableCell, TableContainer, TableRow, Typography } from "@mui/material";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { ColumnHeads } from "../../../../lib/components/ColumnHeads.tsx";
import { formatMoney } from "../../../../lib/money.ts";
import { percentText } from "../format.ts";

/** What the client's page and the staff's quote page both show: the lines and the totals, money in the quote's currency. */

type Line = Pick<ProductQuoteLineView, "position" | "description" | "quantity" | "unitCents" | "discountCents" | "totalCents">;

/** The quote's lines as a table that scrolls sideways on a phone (focusable, so a keyboard scrolls it too). */
export function QuoteLinesTable({ lines, currency, caption }: { lines: readonly Line[]; currency: string; caption: string }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  return (
    <TableContainer tabIndex={0} role="region" aria-label={caption} sx={{ overflowX: "auto" }}>
      <Table size="small" sx={{ minWidth: 560 }}>
        <caption style={{ captionSide: "top", textAlign: "left", padding: "0 0 4px" }}>{caption}</caption>
        <ColumnHeads
          columns={[
            t("productQuotePublic.lines.description"),
            { label: t("productQuotePublic.lines.quantity"), align: "right" },
            { label: t("productQuotePublic.lines.unit"), align: "right" },
            { label: t("productQuotePublic.lines.discount"), align: "right" },
            { label: t("productQuotePublic.lines.amount"), align: "right" },
          ]}
        />
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.position}>
              <TableCell component="th" scope="row" sx={{ overflowWrap: "anywhere" }}>
                {line.description}
              </TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                {money(line.unitCents)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                {line.discountCents > 0 ? `−${money(line.discountCents)}` : "—"}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                {money(line.totalCents)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export interface TotalsFigures {
  linesCents: number;
  discountCents: number;
  subtotalCents: number;
  taxRateBp: number;
  taxCents: number;
  totalCents: number;
}

/** The totals as a description list, right-aligned: the lines' sum, the overall discount, the subtotal, the tax and the total. */
export function QuoteTotalsList({ totals, currency, label }: { totals: TotalsFigures; currency: string; label: string }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  const rows: [string, string, boolean][] = [
    [t("productQuotePublic.totals.lines"), money(totals.linesCents), false],
    ...(totals.discountCents > 0 ? ([[t("productQuotePublic.totals.discount"), `−${money(totals.discountCents)}`, false]] as [string, string, boolean][]) : []),
    [t("productQuotePublic.totals.subtotal"), money(totals.subtotalCents), false],
    [t("productQuotePublic.totals.tax", { rate: percentText(totals.taxRateBp, i18n.language) }), money(totals.taxCents), false],
    [t("productQuotePublic.totals.total"), money(totals.totalCents), true],
  ];
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{ m: 0, ml: "auto", display: "grid", gridTemplateColumns: "minmax(0, 1fr) max-content", columnGap: 3, rowGap: 0.5, maxWidth: 360 }}
    >
      {rows.map(([name, value, strong]) => (
        <Fragment key={name}>
          <Typography component="dt" variant={strong ? "subtitle1" : "body2"} sx={{ fontWeight: strong ? 700 : 400 }}>
            {name}
          </Typography>
          <Typography component="dd" variant={strong ? "subtitle1" : "body2"} sx={{ m: 0, textAlign: "right", fontWeight: strong ? 700 : 400 }}>
            {value}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}
