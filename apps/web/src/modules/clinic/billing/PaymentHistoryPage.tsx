import { formatCents, ORDER_STATES, type OrderPage as OrderPageAnswer, type OrderState, type OrderSummary, roleOf } from "@clinic/shared";
import { Box, Card, CardContent, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../lib/components/DateField.tsx";
import type { PickerOption } from "../../../lib/components/SearchPicker.tsx";
import { SearchField } from "../../../lib/components/SearchField.tsx";
import { useSignedIn } from "../../../lib/session.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { ExportButtons } from "../../../lib/components/ExportButtons.tsx";
import { ClinicPicker } from "../../people/Pickers.tsx";
import { ORDERS_EXPORT_PATH, ORDERS_KEY, ORDERS_PATH } from "./api.ts";
import { historyFilters } from "./format.ts";
import { OrdersTable } from "./OrdersTable.tsx";

/** What the filtered orders add up to (every page of them, not only the one shown). */
function Sums({ sums, language }: { sums: OrderPageAnswer["sums"]; language: string }) {
  const { t } = useTranslation();
  const figures: [string, number][] = [
    [t("billing.history.sumPaid"), sums.paidCents],
    [t("billing.history.sumPending"), sums.pendingCents],
    [t("billing.history.sumRefunded"), sums.refundedCents],
  ];
  return (
    <Box component="dl" sx={{ display: "flex", flexWrap: "wrap", gap: { xs: 2, sm: 4 }, m: 0, mb: 2 }}>
      {figures.map(([label, cents]) => (
        <Box key={label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }}>
            {formatCents(cents, sums.currency, language)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * paymentHistory (spec §2): orders, their payments and invoices. Admins see everyone's and pick
 * a clinic; a clinic sees its own and its patients'; a patient its own. Sums and exports follow
 * the filters.
 */
export function PaymentHistoryPage() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const session = useSignedIn();
  const role = roleOf({ isAdmin: session.isAdmin, groups: session.userData.groups });
  const [state, setState] = useState<OrderState | "">("");
  const [clinic, setClinic] = useState<PickerOption | null>(null);
  const [since, setSince] = useState("");
  const [to, setTo] = useState("");
  const { filters, toError } = historyFilters({ state, clinic: clinic?.id, since, to });
  const list = usePagedList<OrderSummary>(ORDERS_KEY, ORDERS_PATH, { filters });
  const sums = (list.response as OrderPageAnswer | undefined)?.sums;
  const title = t("billing.history.title");

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 2 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
          <ExportButtons kind="payments" path={ORDERS_EXPORT_PATH} search={list.search} filters={filters} label={t("billing.history.export")} />
        </Stack>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 2, flexWrap: "wrap", rowGap: 2, alignItems: { sm: "flex-start" } }}>
          <SearchField label={t("billing.history.search")} value={list.search} onChange={list.onSearch} width={260} />
          <TextField
            select
            size="small"
            label={t("billing.history.state")}
            value={state}
            onChange={(event) => setState(event.target.value as OrderState | "")}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">{t("billing.history.anyState")}</MenuItem>
            {ORDER_STATES.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`billing.orderState.${option}`)}
              </MenuItem>
            ))}
          </TextField>
          <DateField label={t("billing.history.since")} size="small" value={since} onChange={setSince} sx={{ width: { sm: 180 } }} />
          <DateField
            label={t("billing.history.to")}
            size="small"
            value={to}
            onChange={setTo}
            minDate={since || undefined}
            error={toError}
            helperText={toError ? t("billing.errors.sinceAfterTo") : undefined}
            sx={{ width: { sm: 180 } }}
          />
          {session.isAdmin ? <ClinicPicker value={clinic} onChange={setClinic} label={t("billing.history.clinic")} size="small" /> : null}
        </Stack>
        {sums ? <Sums sums={sums} language={i18n.language} /> : null}
        <OrdersTable list={list} showBuyer={role === "admin" || role === "clinic"} label={title} />
      </CardContent>
    </Card>
  );
}
