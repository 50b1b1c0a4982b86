import type { CmsVersionView } from "@clinic/shared";
import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { type BlockChange, compareBlocks, compareFields } from "./compare.ts";

const MARKED = { bgcolor: "action.hover", fontWeight: 500 } as const;

/** The words that mark a difference (never colour alone): "Changed", "Added", "Removed". */
function ChangeMark({ change }: { change: Exclude<BlockChange, "same"> }) {
  const { t } = useTranslation();
  const color = change === "added" ? "success" : change === "removed" ? "error" : "warning";
  return <Chip size="small" variant="outlined" color={color} label={t(`cmsVersions.marks.${change}`)} sx={{ ml: 1 }} />;
}

function Empty() {
  const { t } = useTranslation();
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      {t("cmsVersions.nothing")}
    </Typography>
  );
}

/** Two versions side by side: the fields, then the blocks by position, each difference marked in words. */
export function VersionCompare({ older, newer }: { older: CmsVersionView; newer: CmsVersionView }) {
  const { t } = useTranslation();
  const fields = compareFields(older.content, newer.content, t);
  const blocks = compareBlocks(older.content.blocks, newer.content.blocks, t);
  const columns = (
    <TableHead>
      <TableRow>
        <TableCell component="th" scope="col" sx={{ width: "16%" }}>
          {t("cmsVersions.item")}
        </TableCell>
        <TableCell component="th" scope="col">
          {t("cmsVersions.versionNumber", { version: older.version })}
        </TableCell>
        <TableCell component="th" scope="col">
          {t("cmsVersions.versionNumber", { version: newer.version })}
        </TableCell>
      </TableRow>
    </TableHead>
  );
  return (
    <Box>
      <Table size="small" aria-label={t("cmsVersions.fieldsCaption", { older: older.version, newer: newer.version })} sx={{ tableLayout: "fixed", mb: 3 }}>
        {columns}
        <TableBody>
          {fields.map((row) => (
            <TableRow key={row.field} data-changed={row.changed ? "true" : undefined}>
              <TableCell component="th" scope="row">
                {t(`cmsVersions.fields.${row.field}`)}
                {row.changed ? <ChangeMark change="changed" /> : null}
              </TableCell>
              <TableCell sx={{ overflowWrap: "anywhere", ...(row.changed ? MARKED : {}) }}>{row.older || <Empty />}</TableCell>
              <TableCell sx={{ overflowWrap: "anywhere", ...(row.changed ? MARKED : {}) }}>{row.newer || <Empty />}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Table size="small" aria-label={t("cmsVersions.blocksCaption", { older: older.version, newer: newer.version })} sx={{ tableLayout: "fixed" }}>
        {columns}
        <TableBody>
          {blocks.length === 0 ? (
            <TableRow>
              <TableCell colSpan={3}>{t("cmsVersions.noBlocks")}</TableCell>
            </TableRow>
          ) : null}
          {blocks.map((row) => (
            <TableRow key={row.position} data-change={row.change}>
              <TableCell component="th" scope="row">
                {t("cmsVersions.blockNumber", { position: row.position })}
                {row.change === "same" ? null : <ChangeMark change={row.change} />}
              </TableCell>
              <TableCell sx={{ overflowWrap: "anywhere", ...(row.change === "same" ? {} : MARKED) }}>{row.older ?? <Empty />}</TableCell>
              <TableCell sx={{ overflowWrap: "anywhere", ...(row.change === "same" ? {} : MARKED) }}>{row.newer ?? <Empty />}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
