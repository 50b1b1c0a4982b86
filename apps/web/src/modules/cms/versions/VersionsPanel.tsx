import type { CmsVersionRow } from "@clinic/shared";
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ColumnHeads } from "../../../lib/components/ColumnHeads.tsx";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { Loading } from "../../../lib/components/Loading.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { useAction } from "../../../lib/resource.ts";
import { EVERY_CMS_PAGE_LIST } from "../api.ts";
import { restoreVersion, useVersion, useVersions } from "./api.ts";
import { defaultPair } from "./compare.ts";
import { VersionCompare } from "./VersionCompare.tsx";

export interface VersionsPanelProps {
  pageId: number;
  open: boolean;
  onClose: () => void;
  /** After a restore: the restored version is the page's new draft. */
  onRestored: () => void;
}

/** What kind of save a version was, in words. */
function VersionBadges({ row }: { row: CmsVersionRow }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: "wrap" }}>
      {row.published ? <Chip size="small" color="success" label={t("cmsVersions.badges.published")} /> : null}
      {row.autosave ? <Chip size="small" variant="outlined" label={t("cmsVersions.badges.autosave")} /> : null}
      {row.restoredFrom !== null ? (
        <Chip size="small" variant="outlined" color="info" label={t("cmsVersions.badges.restored", { version: row.restoredFrom })} />
      ) : null}
    </Stack>
  );
}

/** Every version of the page: who saved it, when, how and what it changed. */
export function VersionList({ versions }: { versions: CmsVersionRow[] }) {
  const { t } = useTranslation();
  return (
    <Table size="small" aria-label={t("cmsVersions.history")}>
      <ColumnHeads columns={[t("cmsVersions.version"), t("cmsVersions.when"), t("cmsVersions.who"), t("cmsVersions.kind"), t("cmsVersions.changed")]} />
      <TableBody>
        {versions.map((row) => (
          <TableRow key={row.version}>
            <TableCell component="th" scope="row">
              {row.version}
            </TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(row.createdAt)}</TableCell>
            <TableCell>{row.author?.name ?? t("cmsVersions.unknownAuthor")}</TableCell>
            <TableCell>
              <VersionBadges row={row} />
            </TableCell>
            <TableCell>
              {row.changed.length === 0
                ? t("cmsVersions.firstVersion")
                : row.changed.map((field) => t(`cmsVersions.changes.${field}`, { defaultValue: field })).join(", ")}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function VersionSelect({ label, value, versions, onChange }: { label: string; value: number; versions: CmsVersionRow[]; onChange: (version: number) => void }) {
  const { t } = useTranslation();
  return (
    <TextField select size="small" label={label} value={value} onChange={(event) => onChange(Number(event.target.value))} sx={{ minWidth: 240 }}>
      {versions.map((row) => (
        <MenuItem key={row.version} value={row.version}>
          {t("cmsVersions.option", { version: row.version, when: formatDateTime(row.createdAt) })}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The comparison of the two chosen versions, and the restore of the older one. */
function Comparison({ pageId, versions, onRestored }: { pageId: number; versions: CmsVersionRow[]; onRestored: () => void }) {
  const { t } = useTranslation();
  const pair = defaultPair(versions);
  const [chosen, setChosen] = useState(pair);
  const [asking, setAsking] = useState(false);
  const older = useVersion(pageId, chosen?.older ?? null);
  const newer = useVersion(pageId, chosen?.newer ?? null);
  const latest = versions[0]?.version;
  const restore = useAction(() => restoreVersion(pageId, chosen?.older ?? 0), {
    invalidate: EVERY_CMS_PAGE_LIST,
    success: t("cmsVersions.restored", { version: chosen?.older }),
    onSuccess: () => {
      setAsking(false);
      onRestored();
    },
    onFailure: () => setAsking(false),
  });
  if (!chosen) return null;
  return (
    <Box component="section" aria-labelledby={`${pageId}-compare`}>
      <Typography id={`${pageId}-compare`} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t("cmsVersions.compare")}
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 2, alignItems: { sm: "center" } }}>
        <VersionSelect
          label={t("cmsVersions.left")}
          value={chosen.older}
          versions={versions}
          onChange={(version) => setChosen({ ...chosen, older: version })}
        />
        <VersionSelect
          label={t("cmsVersions.right")}
          value={chosen.newer}
          versions={versions}
          onChange={(version) => setChosen({ ...chosen, newer: version })}
        />
        <Button variant="outlined" onClick={() => setAsking(true)} disabled={chosen.older === latest || restore.isPending}>
          {t("cmsVersions.restore", { version: chosen.older })}
        </Button>
      </Stack>
      {chosen.older === latest ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t("cmsVersions.latestIsDraft")}
        </Alert>
      ) : null}
      {older.data && newer.data ? <VersionCompare older={older.data} newer={newer.data} /> : <Loading />}
      <ConfirmDialog
        open={asking}
        title={t("cmsVersions.restoreTitle", { version: chosen.older })}
        text={t("cmsVersions.restoreText")}
        confirmLabel={t("cmsVersions.restoreConfirm")}
        busy={restore.isPending}
        onConfirm={() => restore.mutate(undefined)}
        onCancel={() => setAsking(false)}
      />
    </Box>
  );
}

/**
 * A page's history (issue 39 "Versions"): every save, who made it and when, two versions compared
 * side by side (latest and the one before at first), and the older one restorable as the new draft.
 */
export function VersionsPanel({ pageId, open, onClose, onRestored }: VersionsPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { data: versions } = useVersions(pageId, open);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="lg" aria-labelledby={titleId} scroll="paper">
      <DialogTitle id={titleId}>{t("cmsVersions.title")}</DialogTitle>
      <DialogContent dividers>
        {versions ? (
          <Stack spacing={3}>
            {/* Keyed by the newest version: after a save or restore the comparison starts again from the latest pair. */}
            <Comparison
              key={versions[0]?.version}
              pageId={pageId}
              versions={versions}
              onRestored={() => {
                onRestored();
                onClose();
              }}
            />
            <Box component="section" aria-label={t("cmsVersions.history")}>
              <VersionList versions={versions} />
            </Box>
          </Stack>
        ) : (
          <Loading />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("cmsVersions.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
