import type { AssignedActivity } from "@clinic/shared";
import ContentCopy from "@mui/icons-material/ContentCopy";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import RestartAlt from "@mui/icons-material/RestartAlt";
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  Chip,
  FormControlLabel,
  IconButton,
  LinearProgress,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../../lib/components/ConfirmDialog.tsx";
import { DateField } from "../../../../lib/components/DateField.tsx";
import { useAction } from "../../../../lib/resource.ts";
import type { SelectedPatient } from "../../../../lib/session.ts";
import { ActivityPicker, type ActivityOption } from "./ActivityPicker.tsx";
import { BulkUpdateDialog, EditAssignmentDialog, ReplicateAssignmentDialog } from "./AssignmentDialogs.tsx";
import { GameResultsDialog, RowResults } from "./GameResults.tsx";
import { ASSIGNMENTS_KEY, assignmentChanges, bulkAssign, nutritionList, updateAssignment } from "./api.ts";
import { useAssignmentList } from "./useAssignmentList.ts";

type Flag = "" | "true" | "false";

/**
 * The selected patient's assignments (spec §2 "assign activities (list, add, edit)"): filters,
 * "load more" appending each further page, and per row edit, replicate, (de)activate and
 * unassign; several rows at once through the selection. `nutrition` keeps the nutrition plan's rows.
 */
export function AssignedActivitiesList({ patient, nutrition, title }: { patient: SelectedPatient; nutrition?: boolean; title?: string }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [done, setDone] = useState<Flag>("");
  const [favorite, setFavorite] = useState<Flag>("");
  const [activity, setActivity] = useState<ActivityOption | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<AssignedActivity | null>(null);
  const [replicating, setReplicating] = useState<AssignedActivity | null>(null);
  const [removing, setRemoving] = useState<number[] | null>(null);
  const [bulkEditing, setBulkEditing] = useState(false);
  const [results, setResults] = useState<AssignedActivity | null>(null);
  const rangeError = from && to && from > to ? t("assignActivity.errors.range") : undefined;
  const list = useAssignmentList(
    patient.id,
    `/api/assignActivityList/${patient.id}/`,
    {
      from: rangeError ? undefined : from,
      to: rangeError ? undefined : to,
      done,
      favorite,
      activity: activity ? String(activity.id) : undefined,
      nutrition: nutrition === undefined ? undefined : String(nutrition),
    },
    (row) => nutrition !== false && fitsFilters(row, { from: rangeError ? "" : from, to: rangeError ? "" : to, done, favorite, activityId: activity?.id }),
    nutrition === true ? nutritionList(patient.id) : undefined,
  );
  const invalidate = [[ASSIGNMENTS_KEY, patient.id]];
  const toggle = useAction((row: AssignedActivity) => updateAssignment(row.id, { activate: !row.activate }), {
    invalidate,
    replaces: (saved) => assignmentChanges([saved]),
    success: t("assignActivity.notices.updated"),
  });
  const unassign = useAction((ids: number[]) => bulkAssign({ unassign: ids }), {
    invalidate,
    removes: (result) => [{ list: [ASSIGNMENTS_KEY], records: result.unassigned.map((id) => ({ id })) }],
    success: (result) => (result.unassigned.length > 1 ? t("assignActivity.notices.bulkUpdated") : t("assignActivity.notices.unassigned")),
    onSuccess: (result) => {
      setSelected((current) => current.filter((id) => !result.unassigned.includes(id)));
      setRemoving(null);
    },
  });
  const shownIds = list.rows.map((row) => row.id);
  const allShown = shownIds.length > 0 && shownIds.every((id) => selected.includes(id));
  const select = (id: number, on: boolean) => setSelected((current) => (on ? [...current, id] : current.filter((item) => item !== id)));
  const reset = () => {
    setFrom("");
    setTo("");
    setDone("");
    setFavorite("");
    setActivity(null);
    list.reset();
  };
  const flagFilter = (label: string, value: Flag, set: (value: Flag) => void, yes: string, no: string) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => set(event.target.value as Flag)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 150 }}
    >
      <MenuItem value="">{t("assignActivity.all")}</MenuItem>
      <MenuItem value="true">{yes}</MenuItem>
      <MenuItem value="false">{no}</MenuItem>
    </TextField>
  );

  return (
    <Card variant="outlined">
      <CardHeader
        title={title ?? t("assignActivity.listTitle", { name: `${patient.nombres} ${patient.apellidos}`.trim() })}
        subheader={list.loaded ? t("assignActivity.shown", { shown: list.rows.length, total: list.total }) : undefined}
        slotProps={{ title: { component: "h2" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", mb: 2 }} role="group" aria-label={t("assignActivity.filters")}>
          {/* 180px fits YYYY-MM-DD beside the calendar button; half a phone row does not. */}
          <DateField size="small" label={t("assignActivity.from")} value={from} onChange={setFrom} sx={{ width: { xs: "100%", sm: 180 } }} />
          <DateField
            size="small"
            label={t("assignActivity.to")}
            value={to}
            onChange={setTo}
            error={!!rangeError}
            helperText={rangeError}
            sx={{ width: { xs: "100%", sm: 180 } }}
          />
          {flagFilter(t("assignActivity.state"), done, setDone, t("assignActivity.done"), t("assignActivity.pending"))}
          {flagFilter(t("assignActivity.favorite"), favorite, setFavorite, t("assignActivity.favorites"), t("assignActivity.notFavorites"))}
          <Box sx={{ minWidth: 220, flex: { xs: "1 1 100%", sm: "0 1 260px" } }}>
            <ActivityPicker
              multiple={false}
              size="small"
              label={t("assignActivity.activity")}
              value={activity}
              onChange={setActivity}
              filter={nutrition === undefined ? undefined : { nutrition }}
            />
          </Box>
          <Button startIcon={<RestartAlt />} onClick={reset}>
            {t("assignActivity.reset")}
          </Button>
        </Stack>

        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap", mb: 1 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={allShown}
                indeterminate={!allShown && selected.length > 0}
                onChange={(event) => setSelected(event.target.checked ? shownIds : [])}
              />
            }
            label={selected.length > 0 ? t("assignActivity.selectedCount", { count: selected.length }) : t("assignActivity.selectAll")}
          />
          <Button variant="outlined" disabled={selected.length === 0} onClick={() => setBulkEditing(true)}>
            {t("assignActivity.updateSelected")}
          </Button>
          <Button variant="outlined" color="error" disabled={selected.length === 0} onClick={() => setRemoving(selected)}>
            {t("assignActivity.unassignSelected")}
          </Button>
        </Stack>

        <Box sx={{ height: 4 }}>{list.loading ? <LinearProgress aria-label={t("assignActivity.loading")} /> : null}</Box>
        {list.loaded && list.rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {t("assignActivity.empty")}
          </Typography>
        ) : null}
        <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }} aria-label={t("assignActivity.listLabel")}>
          {list.rows.map((row) => (
            <AssignmentRow
              key={row.id}
              row={row}
              selected={selected.includes(row.id)}
              onSelect={(on) => select(row.id, on)}
              onEdit={() => setEditing(row)}
              onReplicate={() => setReplicating(row)}
              onToggle={() => toggle.mutate(row)}
              onUnassign={() => setRemoving([row.id])}
              onResults={() => setResults(row)}
            />
          ))}
        </Box>
        {list.hasMore ? (
          <Box sx={{ display: "flex", justifyContent: "center", mt: 2 }}>
            <Button variant="outlined" onClick={list.loadMore} disabled={list.loadingMore}>
              {t("assignActivity.loadMore")}
            </Button>
          </Box>
        ) : null}
      </CardContent>
      {results ? <GameResultsDialog row={results} onClose={() => setResults(null)} /> : null}
      {editing ? <EditAssignmentDialog row={editing} onClose={() => setEditing(null)} /> : null}
      {replicating ? (
        <ReplicateAssignmentDialog row={replicating} patient={patient} nutrition={nutrition === true} onClose={() => setReplicating(null)} />
      ) : null}
      {bulkEditing ? (
        <BulkUpdateDialog
          ids={selected}
          patientId={patient.id}
          onClose={() => setBulkEditing(false)}
          onDone={() => {
            setBulkEditing(false);
            setSelected([]);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t("assignActivity.unassignTitle", { count: removing?.length ?? 0 })}
        text={t("assignActivity.unassignText", { count: removing?.length ?? 0, name: `${patient.nombres} ${patient.apellidos}`.trim() })}
        confirmLabel={t("assignActivity.unassign")}
        destructive
        busy={unassign.isPending}
        onConfirm={() => removing && unassign.mutate(removing)}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}

/**
 * Whether a row just assigned fits the filters as set. The nutrition plan's list reads only the
 * rows added from the plan itself (nutritionList), which are nutrition content by construction.
 */
function fitsFilters(row: AssignedActivity, filters: { from: string; to: string; done: Flag; favorite: Flag; activityId?: number }): boolean {
  if (filters.from && row.date < filters.from) return false;
  if (filters.to && row.date > filters.to) return false;
  if (filters.done && String(row.done) !== filters.done) return false;
  if (filters.favorite && String(row.favorite) !== filters.favorite) return false;
  return filters.activityId === undefined || row.activityId === filters.activityId;
}

function AssignmentRow({
  row,
  selected,
  onSelect,
  onEdit,
  onReplicate,
  onToggle,
  onUnassign,
  onResults,
}: {
  row: AssignedActivity;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onEdit: () => void;
  onReplicate: () => void;
  onToggle: () => void;
  onUnassign: () => void;
  onResults: () => void;
}) {
  const { t } = useTranslation();
  const name = row.activity.name;
  return (
    <Box
      component="li"
      data-testid="assignment-row"
      sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, py: 1, borderBottom: 1, borderColor: "divider", opacity: row.activate ? 1 : 0.75 }}
    >
      <Checkbox
        checked={selected}
        onChange={(event) => onSelect(event.target.checked)}
        slotProps={{ input: { "aria-label": t("assignActivity.selectNamed", { name, date: row.date }) } }}
      />
      <Box sx={{ flex: "1 1 240px", minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: "anywhere" }}>{name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t("assignActivity.rowLine", { date: row.date, minutes: row.duration })}
          {row.description ? ` · ${row.description}` : ""}
        </Typography>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 0.5, flexWrap: "wrap" }}>
          <Chip size="small" variant="outlined" label={t(`activities.types.${row.activity.type}`)} />
          <Chip size="small" color={row.done ? "success" : "default"} label={row.done ? t("assignActivity.done") : t("assignActivity.pending")} />
          {row.favorite ? <Chip size="small" color="secondary" label={t("assignActivity.favoriteChip")} /> : null}
          {row.activate ? null : <Chip size="small" variant="outlined" label={t("assignActivity.inactive")} />}
          {typeof row.result?.note === "string" && row.result.note ? (
            <Chip size="small" variant="outlined" label={t("assignActivity.note", { note: row.result.note })} sx={{ maxWidth: 320 }} />
          ) : null}
        </Stack>
        <RowResults row={row} onOpen={onResults} />
      </Box>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", ml: "auto" }}>
        <Tooltip title={row.activate ? t("assignActivity.deactivate") : t("assignActivity.reactivate")}>
          <Switch
            checked={row.activate}
            onChange={onToggle}
            slotProps={{ input: { "aria-label": t("assignActivity.activeNamed", { name, date: row.date }) } }}
          />
        </Tooltip>
        <Tooltip title={t("assignActivity.edit")}>
          <IconButton onClick={onEdit} aria-label={t("assignActivity.editNamed", { name, date: row.date })}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t("assignActivity.replicate")}>
          <IconButton onClick={onReplicate} aria-label={t("assignActivity.replicateNamed", { name, date: row.date })}>
            <ContentCopy fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t("assignActivity.unassign")}>
          <IconButton onClick={onUnassign} aria-label={t("assignActivity.unassignNamed", { name, date: row.date })}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    </Box>
  );
}
