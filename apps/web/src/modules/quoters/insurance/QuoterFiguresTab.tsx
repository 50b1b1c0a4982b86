import type { QuoterFigureRow } from "@clinic/shared";
import { Alert, Skeleton, Stack, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { lazy, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChartFigure, FiguresTable, SectionCard } from "../../../lib/components/ChartFigure.tsx";
import { DateField } from "../../../lib/components/DateField.tsx";
import { FigureTiles } from "../../../lib/components/FigureTiles.tsx";
import { formatMoney } from "../../../lib/money.ts";
import { useFigures } from "./api.ts";
import { FiguresCurrency } from "../FiguresCurrency.tsx";

// The charts library is large: it loads with the figures, in a chunk of its own.
const AmountsChart = lazy(() => import("./FiguresChart.tsx").then((m) => ({ default: m.AmountsChart })));

/** A conversion rate in basis points as a percent ("42.5 %"), or a dash when nothing was sent. */
export const conversionText = (bp: number | null, language: string): string =>
  bp === null ? "—" : new Intl.NumberFormat(language === "es" ? "es-ES" : "en-GB", { style: "percent", maximumFractionDigits: 1 }).format(bp / 10_000);

type Row = QuoterFigureRow & { label: string };

function FiguresSection({
  title,
  rows,
  tableCaption,
  money,
  summary,
}: {
  title: string;
  rows: Row[];
  tableCaption: string;
  money: (cents: number) => string;
  summary: string;
}) {
  const { t, i18n } = useTranslation();
  const tableId = useId();
  const labels = { quoted: t("quoter.figures.quoted"), accepted: t("quoter.figures.acceptedAmount") };
  return (
    <SectionCard title={title}>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t("quoter.figures.none")}</Typography>
      ) : (
        <>
          <ChartFigure summary={summary} tableId={tableId} points={rows.length} height={260}>
            <AmountsChart
              rows={rows.map((row) => ({ label: row.label, quoted: row.quotedCents, accepted: row.acceptedCents }))}
              labels={labels}
              format={money}
            />
          </ChartFigure>
          <FiguresTable id={tableId} caption={tableCaption} captionHidden>
            <TableHead>
              <TableRow>
                <TableCell>{title}</TableCell>
                <TableCell align="right">{t("quoter.figures.quotes")}</TableCell>
                <TableCell align="right">{t("quoter.figures.sent")}</TableCell>
                <TableCell align="right">{labels.quoted}</TableCell>
                <TableCell align="right">{t("quoter.figures.accepted")}</TableCell>
                <TableCell align="right">{labels.accepted}</TableCell>
                <TableCell align="right">{t("quoter.figures.bound")}</TableCell>
                <TableCell align="right">{t("quoter.figures.conversion")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.label}>
                  <TableCell component="th" scope="row">
                    {row.label}
                  </TableCell>
                  <TableCell align="right">{row.quotes}</TableCell>
                  <TableCell align="right">{row.sent}</TableCell>
                  <TableCell align="right">{money(row.quotedCents)}</TableCell>
                  <TableCell align="right">{row.accepted}</TableCell>
                  <TableCell align="right">{money(row.acceptedCents)}</TableCell>
                  <TableCell align="right">{row.bound}</TableCell>
                  <TableCell align="right">{conversionText(row.conversionBp, i18n.language)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </FiguresTable>
        </>
      )}
    </SectionCard>
  );
}

/**
 * The quoter's figures (`/quoter/app/quotes?tab=figures`): for a range of days (the last twelve
 * months unless chosen), quotes made and sent, the amounts quoted and accepted, policies bound and
 * the conversion rate, in total, per month and per agent (an agent sees only their own).
 */
export function QuoterFiguresTab() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState({ from: "", to: "" });
  const reversed = range.from !== "" && range.to !== "" && range.to < range.from;
  const complete = range.from !== "" && range.to !== "" && !reversed;
  const [chosenCurrency, setChosenCurrency] = useState("");
  const { data, network } = useFigures(complete ? range.from : "", complete ? range.to : "", chosenCurrency);
  // Amounts of two currencies are never added: the server counts one, and names the others to choose from.
  const currency = data?.currency ?? null;
  const currencies = data?.currencies ?? [];
  const language = i18n.language;
  const money = (cents: number) =>
    currency
      ? formatMoney(cents, currency, language)
      : new Intl.NumberFormat(language === "es" ? "es-ES" : "en-GB", { minimumFractionDigits: 2 }).format(cents / 100);
  const months: Row[] = (data?.months ?? []).map((month) => ({ ...month, label: month.month }));
  const agents: Row[] = (data?.agents ?? []).map((agent) => ({ ...agent, label: agent.agent.name }));
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} component="section" aria-label={t("quoter.figures.range")}>
        <DateField
          label={t("quoter.list.from")}
          size="small"
          value={range.from || data?.from || ""}
          onChange={(from) => setRange({ from, to: range.to || data?.to || "" })}
          sx={{ width: { xs: "100%", sm: 170 } }}
        />
        <DateField
          label={t("quoter.list.to")}
          size="small"
          value={range.to || data?.to || ""}
          onChange={(to) => setRange({ from: range.from || data?.from || "", to })}
          error={reversed}
          helperText={reversed ? t("quoter.messages.rangeReversed") : undefined}
          sx={{ width: { xs: "100%", sm: 170 } }}
        />
        <FiguresCurrency
          label={t("quoter.figures.currency")}
          hint={t("quoter.figures.currencyHint")}
          currencies={currencies}
          value={currency}
          onChange={setChosenCurrency}
        />
      </Stack>
      {network.error ? <Alert severity="error">{t("quoter.figures.loadError")}</Alert> : null}
      {!data ? (
        network.error ? null : (
          <Skeleton variant="rounded" height={320} aria-hidden />
        )
      ) : (
        <>
          <FigureTiles
            label={t("quoter.figures.totals")}
            columns={{ md: 3, xl: 6 }}
            items={[
              [t("quoter.figures.quotes"), data.totals.quotes],
              [t("quoter.figures.sent"), data.totals.sent],
              [t("quoter.figures.quoted"), money(data.totals.quotedCents)],
              [t("quoter.figures.acceptedAmount"), money(data.totals.acceptedCents)],
              [t("quoter.figures.bound"), data.totals.bound],
              [t("quoter.figures.conversion"), conversionText(data.totals.conversionBp, language)],
            ]}
          />
          <FiguresSection
            title={t("quoter.figures.perMonth")}
            rows={months}
            tableCaption={t("quoter.figures.perMonthTable")}
            money={money}
            summary={t("quoter.figures.summary", { quoted: money(data.totals.quotedCents), accepted: money(data.totals.acceptedCents), count: months.length })}
          />
          <FiguresSection
            title={t("quoter.figures.perAgent")}
            rows={agents}
            tableCaption={t("quoter.figures.perAgentTable")}
            money={money}
            summary={t("quoter.figures.agentSummary", { count: agents.length })}
          />
        </>
      )}
    </Stack>
  );
}
