import type { CrmCampaign, CrmCampaignState } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import { Box, Button, Chip, LinearProgress, Stack, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { ManageTable } from "../../../lib/components/ManageTable.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { useAction } from "../../../lib/resource.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { VISUALLY_HIDDEN } from "../../../lib/visually-hidden.ts";
import { CAMPAIGNS_PATH, CAMPAIGNS_RESOURCE, cancelCampaign, EVERY_EMAIL_LIST } from "./api.ts";
import { CampaignDialog } from "./CampaignDialog.tsx";
import { isUnderWay, shareDone } from "./progress.ts";

/** How often the list asks again while a send is under way. */
const POLL_MS = 3000;
const DAY_MS = 86_400_000;

const STATE_COLORS: Record<CrmCampaignState, "default" | "primary" | "success"> = {
  scheduled: "primary",
  sending: "primary",
  sent: "success",
  cancelled: "default",
};

/** A send's progress: a bar, then sent, failed, left and skipped, then opens and clicks when tracked. */
function Progress({ campaign }: { campaign: CrmCampaign }) {
  const { t } = useTranslation();
  const { progress } = campaign;
  const done = shareDone(progress);
  return (
    <Box sx={{ minWidth: 200 }}>
      <LinearProgress
        variant="determinate"
        value={done}
        aria-label={t("crmEmail.campaigns.progressLabel", { name: campaign.name })}
        sx={{ mb: 0.5 }}
        color={progress.failed > 0 ? "warning" : "primary"}
      />
      <Typography variant="body2">{t("crmEmail.campaigns.counts", progress)}</Typography>
      {campaign.trackOpens || campaign.trackClicks ? (
        <Typography variant="body2" color="text.secondary">
          {t("crmEmail.campaigns.engagement", progress)}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The clinic's mass emails with their live progress (asked again every few seconds while one is under way); a scheduled one can be cancelled. */
export function CampaignsTab() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = usePagedList<CrmCampaign>(CAMPAIGNS_RESOURCE, CAMPAIGNS_PATH, { pageSize: 10 });
  const [adding, setAdding] = useState(false);
  const [cancelling, setCancelling] = useState<CrmCampaign | null>(null);
  // A render when the next scheduled send falls due: it is then under way, and the list is asked
  // again as it goes (nothing else renders the tab while it sits open).
  const [, setDueTick] = useState(0);
  const nextDue = (list.rows ?? [])
    .filter((row) => row.state === "scheduled" && Date.parse(row.sendAt) > Date.now())
    .reduce((soonest, row) => Math.min(soonest, Date.parse(row.sendAt)), Number.POSITIVE_INFINITY);
  useEffect(() => {
    if (!Number.isFinite(nextDue)) return;
    // A timer's delay is at most about 24 days; a send further ahead is looked at again in a day.
    const timer = setTimeout(() => setDueTick((tick) => tick + 1), Math.min(Math.max(nextDue - Date.now(), 0) + 250, DAY_MS));
    return () => clearTimeout(timer);
  }, [nextDue]);
  const underWay = (list.rows ?? []).some((row) => isUnderWay(row, Date.now()));
  useEffect(() => {
    if (!underWay) return;
    const timer = setInterval(() => void client.invalidateQueries({ queryKey: [CAMPAIGNS_RESOURCE] }), POLL_MS);
    return () => clearInterval(timer);
  }, [underWay, client]);
  const cancel = useAction((row: CrmCampaign) => cancelCampaign(row.id), {
    invalidate: EVERY_EMAIL_LIST,
    success: () => t("crmEmail.notices.cancelled"),
    onSuccess: () => setCancelling(null),
    onFailure: () => setCancelling(null),
  });
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{t("crmEmail.campaigns.intro")}</Typography>
      <div>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t("crmEmail.campaigns.add")}
        </Button>
      </div>
      <Typography component="h2" sx={VISUALLY_HIDDEN}>
        {t("crmEmail.campaigns.listLabel")}
      </Typography>
      <ListLoading loading={list.loading && !underWay} labels="catalogue" />
      <ManageTable
        rows={list.rows}
        rowKey={(row) => row.id}
        title={{ key: "name", title: t("crmEmail.campaigns.name"), cell: (row) => row.name, minWidth: 140 }}
        columns={[
          { key: "list", title: t("crmEmail.campaigns.list"), cell: (row) => row.listTitle ?? t("crmEmail.campaigns.listGone") },
          { key: "sendAt", title: t("crmEmail.campaigns.sendAt"), cell: (row) => formatDateTime(row.sendAt), wideOnly: true },
          {
            key: "state",
            title: t("crmEmail.campaigns.state"),
            cell: (row) => <Chip size="small" variant="outlined" color={STATE_COLORS[row.state]} label={t(`crmEmail.states.${row.state}`)} />,
          },
          { key: "progress", title: t("crmEmail.campaigns.progress"), cell: (row) => <Progress campaign={row} />, minWidth: 200 },
        ]}
        label={t("crmEmail.campaigns.listLabel")}
        emptyText={t("crmEmail.campaigns.empty")}
        actions={(row, nameId) =>
          row.state === "scheduled" ? (
            <Button size="small" color="error" variant="outlined" onClick={() => setCancelling(row)} aria-describedby={nameId}>
              {t("crmEmail.campaigns.cancel")}
            </Button>
          ) : null
        }
      />
      <ListPagination list={list} labels="catalogue" />
      <CampaignDialog open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={cancelling !== null}
        title={t("crmEmail.campaigns.cancelTitle")}
        text={t("crmEmail.campaigns.cancelText", { name: cancelling?.name ?? "" })}
        confirmLabel={t("crmEmail.campaigns.cancel")}
        destructive
        busy={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling)}
        onCancel={() => setCancelling(null)}
      />
    </Stack>
  );
}
