import type { ProductQuoteFigures } from "@clinic/shared";
import { Alert, Skeleton, Stack, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { lazy, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChartFigure, FiguresTable, SectionCard } from "../../../../lib/components/ChartFigure.tsx";
import { DateField } from "../../../../lib/components/DateField.tsx";
import { FigureTiles } from "../../../../lib/components/FigureTiles.tsx";
import type { PickerOption } from "../../../../lib/components/SearchPicker.tsx";
import { formatMoney } from "../../../../lib/money.ts";
import { useResource } from "../../../../lib/resource.ts";
import { ClinicPicker } from "../../../people/Pickers.tsx";
import { FIGURES_KEY, FIGURES_PATH, useQuoteAbilities } from "../api.ts";
import { percentText } from "../format.ts";
import { byMonth, byStaff, type FigureSum, overall } from "./figures.ts";
import { FiguresCurrency } from "../../FiguresCurrency.tsx";

// The charts library is large: it loads with the figures, in a chunk of its own.
const FiguresChart = lazy(() => import("./FiguresChart.tsx").then((m) => ({ default: m.FiguresChart })));

/** The figures' address: created days `from`–`to` (the server's last 12 months when none), for an admin one clinic, and a currency (the server's choice when none). */
export function figuresPath(from: string, to: string, clinicId: string | null, currency = ""): string {
  const params = new URLSearchParams();
  if (from) params.set("from", from);
  if (to) params.set("to", to);
  if (clinicId) params.set("clinicId", clinicId);
  if (currency) params.set("currency", currency);
  const query = params.toString();
  return query ? `${FIGURES_PATH}?${query}` : FIGURES_PATH;
}

/**
 * The quoter's figures over the quotes sent in a range of created days: the headline tiles, the
 * amounts quoted and accepted per month as a chart with its table, and the same per author with
 * the conversion rate. Amounts of different currencies are never added: the server counts the
 * quotes of one currency and names the others, offered here to choose from.
 */
export function QuoteFiguresTab() {
  const { t, i18n } = useTranslation();
  const abilities = useQuoteAbilities();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [clinic, setClinic] = useState<PickerOption | null>(null);
  const [chosenCurrency, setChosenCurrency] = useState("");
  const rangeWrong = from !== "" && to !== "" && to < from;
  const path = rangeWrong ? null : figuresPath(from, to, clinic?.id ?? null, chosenCurrency);
  const { data, network } = useResource<ProductQuoteFigures>([FIGURES_KEY, path], path, { quiet: true });
  const currency = data?.currency ?? null;
  const currencies = data?.currencies ?? [];
  const amount = (cents: number) =>
    currency
      ? formatMoney(cents, currency, i18n.language)
      : new Intl.NumberFormat(i18n.language === "es" ? "es-ES" : "en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{t("productQuoter.figures.intro")}</Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: { sm: "flex-start" } }}>
        <DateField
          label={t("productQuoter.list.from")}
          size="small"
          value={from}
          onChange={setFrom}
          maxDate={to || undefined}
          sx={{ width: { xs: "100%", sm: 170 } }}
        />
        <DateField
          label={t("productQuoter.list.to")}
          size="small"
          value={to}
          onChange={setTo}
          minDate={from || undefined}
          error={rangeWrong}
          helperText={rangeWrong ? t("productQuoter.messages.dateRange") : undefined}
          sx={{ width: { xs: "100%", sm: 170 } }}
        />
        {abilities.choosesClinic ? <ClinicPicker label={t("productQuoter.fields.clinic")} size="small" value={clinic} onChange={setClinic} /> : null}
        <FiguresCurrency
          label={t("productQuoter.fields.currency")}
          hint={t("productQuoter.figures.currencyHint")}
          currencies={currencies}
          value={currency}
          onChange={setChosenCurrency}
        />
      </Stack>
      {network.error ? <Alert severity="error">{t("productQuoter.figures.loadError")}</Alert> : null}
      {!data ? network.error ? null : <Skeleton variant="rounded" height={320} aria-hidden /> : <Figures data={data} amount={amount} />}
    </Stack>
  );
}

function Figures({ data, amount }: { data: ProductQuoteFigures; amount: (cents: number) => string }) {
  const { t, i18n } = useTranslation();
  const total = overall(data.rows);
  const rate = (sum: FigureSum) => percentText(sum.conversionBp, i18n.language);
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {t("productQuoter.figures.range", { from: data.from, to: data.to })}
      </Typography>
      <FigureTiles
        label={t("productQuoter.figures.tiles")}
        columns={{ md: 3, xl: 5 }}
        items={[
          [t("productQuoter.figures.sent"), String(total.sent)],
          [t("productQuoter.figures.quoted"), amount(total.quotedCents)],
          [t("productQuoter.figures.accepted"), String(total.accepted)],
          [t("productQuoter.figures.acceptedAmount"), amount(total.acceptedCents)],
          [t("productQuoter.figures.conversion"), rate(total)],
        ]}
      />
      {data.rows.length === 0 ? (
        <Typography color="text.secondary">{t("productQuoter.figures.none")}</Typography>
      ) : (
        <>
          <PerMonth data={data} amount={amount} rate={rate} />
          <PerStaff data={data} amount={amount} rate={rate} />
        </>
      )}
    </Stack>
  );
}

type Parts = { data: ProductQuoteFigures; amount: (cents: number) => string; rate: (sum: FigureSum) => string };

/** The columns both tables share after their first: sent, quoted, accepted, accepted amount, converted, conversion. */
function SumCells({ sum, amount, rate }: { sum: FigureSum; amount: (cents: number) => string; rate: (sum: FigureSum) => string }) {
  return (
    <>
      <TableCell align="right">{sum.sent}</TableCell>
      <TableCell align="right">{amount(sum.quotedCents)}</TableCell>
      <TableCell align="right">{sum.accepted}</TableCell>
      <TableCell align="right">{amount(sum.acceptedCents)}</TableCell>
      <TableCell align="right">{sum.converted}</TableCell>
      <TableCell align="right">{rate(sum)}</TableCell>
    </>
  );
}

function SumHeads({ first }: { first: string }) {
  const { t } = useTranslation();
  const heads = ["sent", "quoted", "accepted", "acceptedAmount", "converted", "conversion"] as const;
  return (
    <TableHead>
      <TableRow>
        <TableCell scope="col">{first}</TableCell>
        {heads.map((head) => (
          <TableCell key={head} scope="col" align="right">
            {t(`productQuoter.figures.${head}`)}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

function PerMonth({ data, amount, rate }: Parts) {
  const { t } = useTranslation();
  const tableId = useId();
  const months = byMonth(data.rows);
  const total = overall(data.rows);
  return (
    <SectionCard title={t("productQuoter.figures.perMonth")}>
      <ChartFigure
        summary={t("productQuoter.figures.perMonthSummary", {
          months: months.length,
          quoted: amount(total.quotedCents),
          accepted: amount(total.acceptedCents),
        })}
        tableId={tableId}
        points={months.length}
        height={260}
      >
        <FiguresChart
          months={months.map((month) => ({ month: month.month, quoted: month.quotedCents / 100, accepted: month.acceptedCents / 100 }))}
          labels={{ quoted: t("productQuoter.figures.quoted"), accepted: t("productQuoter.figures.acceptedAmount") }}
          format={(value) => amount(Math.round(value * 100))}
        />
      </ChartFigure>
      <FiguresTable id={tableId} caption={t("productQuoter.figures.perMonthTable")}>
        <SumHeads first={t("productQuoter.figures.month")} />
        <TableBody>
          {months.map((month) => (
            <TableRow key={month.month}>
              <TableCell component="th" scope="row">
                {month.month}
              </TableCell>
              <SumCells sum={month} amount={amount} rate={rate} />
            </TableRow>
          ))}
        </TableBody>
      </FiguresTable>
    </SectionCard>
  );
}

function PerStaff({ data, amount, rate }: Parts) {
  const { t } = useTranslation();
  const tableId = useId();
  return (
    <SectionCard title={t("productQuoter.figures.perStaff")}>
      <FiguresTable id={tableId} caption={t("productQuoter.figures.perStaffTable")} captionHidden>
        <SumHeads first={t("productQuoter.figures.staff")} />
        <TableBody>
          {byStaff(data.rows).map((staff) => (
            <TableRow key={staff.id}>
              <TableCell component="th" scope="row">
                {staff.name ?? t("productQuoter.figures.noStaff")}
              </TableCell>
              <SumCells sum={staff} amount={amount} rate={rate} />
            </TableRow>
          ))}
        </TableBody>
      </FiguresTable>
    </SectionCard>
  );
}
