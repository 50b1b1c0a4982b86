import { BROADCAST_STATES, type Broadcast, type BroadcastState, broadcastText } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, type ChipProps, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { TFunction } from "i18next";
import { Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../lib/components/ConfirmDialog.tsx";
import { ListLoading, ListPagination } from "../../lib/components/ListPagination.tsx";
import { formatDateTime } from "../../lib/dates.ts";
import { useAction } from "../../lib/resource.ts";
import { usePagedList } from "../../lib/usePagedList.ts";
import { BROADCASTS_KEY, BROADCASTS_PATH, deleteBroadcast } from "./api.ts";
import { BannerText } from "./BannerText.tsx";
import { SEVERITY_COLOR } from "./BroadcastBanners.tsx";
import { BroadcastDialog } from "./BroadcastDialog.tsx";

const STATE_COLOR: Record<BroadcastState, ChipProps["color"]> = { scheduled: "info", active: "success", ended: "default" };

/** Who a banner is for, in words: every role or the chosen ones, of every clinic or the chosen ones. */
function audienceOf(broadcast: Broadcast, t: TFunction): string {
  const roles = broadcast.roles.length === 0 ? t("broadcasts.everyRole") : broadcast.roles.map((role) => t(`broadcasts.roleNamesPlural.${role}`)).join(", ");
  if (broadcast.clinics.length === 0) return roles;
  return t("broadcasts.ofClinics", { roles, clinics: broadcast.clinics.map((clinic) => clinic.name).join(", ") });
}

function BroadcastCard({ broadcast, onEdit, onDelete }: { broadcast: Broadcast; onEdit: () => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  return (
    <Card variant="outlined" component="article" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: "wrap", mb: 1.5, alignItems: "center" }}>
          <Typography id={headingId} component="h3" variant="subtitle2">
            {formatDateTime(broadcast.startsAt)} – {formatDateTime(broadcast.endsAt)}
          </Typography>
          <Chip size="small" color={STATE_COLOR[broadcast.state]} label={t(`broadcasts.states.${broadcast.state}`)} />
          <Chip size="small" variant="outlined" label={t(`broadcasts.severities.${broadcast.severity}`)} />
          <Chip size="small" variant="outlined" label={broadcast.dismissible ? t("broadcasts.canDismiss") : t("broadcasts.cannotDismiss")} />
        </Stack>
        <Alert severity={SEVERITY_COLOR[broadcast.severity]} role="note" sx={{ mb: 1.5 }}>
          <Suspense fallback={null}>
            <BannerText html={broadcastText(broadcast, i18n.language)} />
          </Suspense>
        </Alert>
        <Typography variant="body2" color="text.secondary">
          {t("broadcasts.audience")}: {audienceOf(broadcast, t)}
        </Typography>
      </CardContent>
      <CardActions>
        <Button size="small" onClick={onEdit} aria-describedby={headingId}>
          {t("broadcasts.editAction")}
        </Button>
        <Button size="small" color="error" onClick={onDelete} aria-describedby={headingId}>
          {t("broadcasts.deleteAction")}
        </Button>
      </CardActions>
    </Card>
  );
}

/**
 * globalMessages (spec §2 `/messages/app/`, §6 admins with an active user; issue 19.3): the
 * broadcast banners, newest start first, with their state now; publish, edit and delete them.
 */
export function BroadcastsPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<BroadcastState | "">("");
  const list = usePagedList<Broadcast>(BROADCASTS_KEY, BROADCASTS_PATH, { filters: { state } });
  const [editing, setEditing] = useState<{ broadcast: Broadcast | null } | null>(null);
  const [deleting, setDeleting] = useState<Broadcast | null>(null);
  const remove = useAction((broadcast: Broadcast) => deleteBroadcast(broadcast.id), {
    invalidate: [[BROADCASTS_KEY], ["activeBroadcasts"]],
    success: t("broadcasts.deleted"),
    onSuccess: () => setDeleting(null),
  });

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{t("broadcasts.intro")}</Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ broadcast: null })}>
          {t("broadcasts.add")}
        </Button>
        <TextField
          select
          size="small"
          label={t("broadcasts.stateFilter")}
          value={state}
          onChange={(event) => setState(event.target.value as BroadcastState | "")}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t("broadcasts.allStates")}</MenuItem>
          {BROADCAST_STATES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`broadcasts.states.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <ListLoading loading={list.loading} labels="people" />
      <Box component="section" aria-label={t("broadcasts.listLabel")}>
        {list.rows && list.rows.length === 0 ? (
          <Typography>{t("broadcasts.none")}</Typography>
        ) : (
          <Stack spacing={2}>
            {(list.rows ?? []).map((broadcast) => (
              <BroadcastCard key={broadcast.id} broadcast={broadcast} onEdit={() => setEditing({ broadcast })} onDelete={() => setDeleting(broadcast)} />
            ))}
          </Stack>
        )}
      </Box>
      <ListPagination list={list} labels="people" />
      <BroadcastDialog open={editing !== null} broadcast={editing?.broadcast ?? null} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("broadcasts.deleteTitle")}
        text={t("broadcasts.deleteText")}
        confirmLabel={t("broadcasts.deleteAction")}
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
