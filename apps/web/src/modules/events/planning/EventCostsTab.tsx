import type { EventCostView, EventDetail } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import { Box, Button, Chip, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FigureTiles } from "../../../lib/components/FigureTiles.tsx";
import { Loading } from "../../../lib/components/Loading.tsx";
import { useDeleteConfirm } from "../../../lib/components/ManageList.tsx";
import { ManageTable } from "../../../lib/components/ManageTable.tsx";
import { EditDeleteButtons } from "../../../lib/components/RowButtons.tsx";
import { EventExportButtons } from "../reports/EventExportButtons.tsx";
import { costLists, deleteCost, useCosts } from "./api.ts";
import { CostDialog } from "./CostDialog.tsx";
import { ReceiptCell } from "./ReceiptCell.tsx";
import { formatMoney } from "../../../lib/money.ts";

/**
 * An event's costs (issue 37.4): the budget in figures (planned, actual, paid, still to pay,
 * income, costs and the balance), then each line with its receipt; lines are added and changed
 * in a dialog and deleted after asking. Amounts are in the event's currency.
 */
export function EventCostsTab({ event }: { event: EventDetail }) {
  const { t, i18n } = useTranslation();
  const budget = useCosts(event.id);
  const [dialog, setDialog] = useState<{ cost: EventCostView | null } | null>(null);
  const currency = budget.data?.currency ?? event.currency;
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  const nameOf = (cost: EventCostView) => [t(`eventPlanning.categories.${cost.category}`), cost.supplier || cost.description].filter(Boolean).join(" – ");
  const deletion = useDeleteConfirm<EventCostView>({
    title: t("eventPlanning.costs.deleteTitle"),
    text: (cost) => t("eventPlanning.costs.deleteText", { name: nameOf(cost) }),
    run: (cost) => deleteCost(cost.id),
    invalidate: costLists(event.id),
    deleted: () => t("eventPlanning.notices.costDeleted"),
  });
  const data = budget.data;
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}>
        <Typography variant="h6" component="h2">
          {t("eventPlanning.costs.title")}
        </Typography>
        <EventExportButtons what="costs" eventId={event.id} />
      </Stack>
      <Typography color="text.secondary">{t("eventPlanning.costs.intro")}</Typography>
      {data ? (
        <FigureTiles
          label={t("eventPlanning.costs.figures")}
          columns={{ md: 4, xl: 7 }}
          items={[
            [t("eventPlanning.costs.totalPlanned"), money(data.totals.plannedCents)],
            [t("eventPlanning.costs.totalActual"), money(data.totals.actualCents)],
            [t("eventPlanning.costs.totalPaid"), money(data.totals.paidCents)],
            [t("eventPlanning.costs.totalUnpaid"), money(data.totals.unpaidCents)],
            [t("eventPlanning.costs.income"), money(data.incomeCents)],
            [t("eventPlanning.costs.totalCosts"), money(data.costsCents)],
            [
              t("eventPlanning.costs.balance"),
              <Box component="span" key="balance" sx={{ color: data.balanceCents < 0 ? "error.main" : "success.main" }}>
                {money(data.balanceCents)}
              </Box>,
            ],
          ]}
        />
      ) : (
        <Loading />
      )}
      <div>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ cost: null })}>
          {t("eventPlanning.costs.add")}
        </Button>
      </div>
      <ManageTable
        rows={data?.costs}
        rowKey={(cost) => cost.id}
        title={{ key: "category", title: t("eventPlanning.costs.category"), cell: (cost) => t(`eventPlanning.categories.${cost.category}`) }}
        columns={[
          { key: "supplier", title: t("eventPlanning.costs.supplier"), cell: (cost) => cost.supplier || "—" },
          { key: "description", title: t("eventPlanning.costs.description"), cell: (cost) => cost.description || "—", wideOnly: true },
          { key: "planned", title: t("eventPlanning.costs.planned"), cell: (cost) => money(cost.plannedCents), align: "right" },
          {
            key: "actual",
            title: t("eventPlanning.costs.actual"),
            cell: (cost) => (cost.actualCents === null ? <span title={t("eventPlanning.costs.notKnown")}>—</span> : money(cost.actualCents)),
            align: "right",
          },
          {
            key: "paid",
            title: t("eventPlanning.costs.paid"),
            cell: (cost) => (
              <Chip
                size="small"
                color={cost.paid ? "success" : "default"}
                variant={cost.paid ? "filled" : "outlined"}
                label={cost.paid ? t("eventPlanning.costs.paid") : t("eventPlanning.costs.unpaid")}
              />
            ),
          },
          { key: "receipt", title: t("eventPlanning.costs.receipt"), cell: (cost) => <ReceiptCell eventId={event.id} cost={cost} name={nameOf(cost)} /> },
        ]}
        actions={(cost) => <EditDeleteButtons name={nameOf(cost)} onEdit={() => setDialog({ cost })} onDelete={() => deletion.ask(cost)} />}
        label={t("eventPlanning.costs.tableLabel")}
        emptyText={t("eventPlanning.costs.empty")}
      />
      <CostDialog open={dialog !== null} eventId={event.id} currency={currency} cost={dialog?.cost ?? null} onClose={() => setDialog(null)} />
      {deletion.dialog}
    </Stack>
  );
}
