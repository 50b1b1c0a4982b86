import type { FormSummary } from "@clinic/shared";
import ArchiveOutlined from "@mui/icons-material/ArchiveOutlined";
import AssignmentIndOutlined from "@mui/icons-material/AssignmentIndOutlined";
import ContentCopy from "@mui/icons-material/ContentCopy";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import MoreVert from "@mui/icons-material/MoreVert";
import UnarchiveOutlined from "@mui/icons-material/UnarchiveOutlined";
import {
  Button,
  Chip,
  IconButton,
  Link,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { formatDate } from "../../../lib/dates.ts";
import { FORMS_BASE, formPath } from "./api.ts";

/** Columns a phone leaves out (the form opens with them all). */
const WIDE = { display: { xs: "none", md: "table-cell" } } as const;
const NOT_PHONE = { display: { xs: "none", sm: "table-cell" } } as const;

/** The forms of one page: name with its marks (platform, validated, archived), counts, and each form's actions. */
export function FormsTable({
  rows,
  emptyText,
  onAssign,
  onArchive,
  onDelete,
}: {
  rows: FormSummary[] | undefined;
  emptyText: string;
  onAssign: (row: FormSummary) => void;
  onArchive: (row: FormSummary) => void;
  onDelete: (row: FormSummary) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; row: FormSummary } | null>(null);
  const act = (run: (row: FormSummary) => void) => () => {
    if (menu) run(menu.row);
    setMenu(null);
  };
  if (rows && rows.length === 0) return <Typography sx={{ py: 2 }}>{emptyText}</Typography>;
  return (
    <>
      <Table size="small" aria-label={t("dynamicForms.list.title")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("dynamicForms.fields.name")}</TableCell>
            <TableCell align="right" sx={NOT_PHONE}>
              {t("dynamicForms.list.questions")}
            </TableCell>
            <TableCell sx={WIDE}>{t("accounts.language")}</TableCell>
            <TableCell sx={WIDE}>{t("dynamicForms.list.updated")}</TableCell>
            <TableCell align="right">{t("dynamicForms.list.actions")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows?.map((row) => (
            <TableRow key={row.id} hover>
              <TableCell sx={{ overflowWrap: "anywhere" }}>
                <Link component={RouterLink} to={formPath(row.id)} sx={{ fontWeight: 600 }}>
                  {row.name}
                </Link>
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 0.5, flexWrap: "wrap" }}>
                  {row.standard ? <Chip size="small" color="success" label={t("dynamicForms.list.validated")} /> : null}
                  {row.clinicId === null ? <Chip size="small" variant="outlined" label={t("dynamicForms.list.platform")} /> : null}
                  {row.archived ? <Chip size="small" variant="outlined" color="warning" label={t("dynamicForms.list.archivedMark")} /> : null}
                  <Chip size="small" variant="outlined" label={t("dynamicForms.list.version", { version: row.version })} />
                </Stack>
              </TableCell>
              <TableCell align="right" sx={NOT_PHONE}>
                {row.questionCount}
              </TableCell>
              <TableCell sx={WIDE}>{t(`accounts.languages.${row.language}`)}</TableCell>
              <TableCell sx={{ ...WIDE, whiteSpace: "nowrap" }}>{formatDate(row.updatedAt)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                <Button
                  size="small"
                  component={RouterLink}
                  to={formPath(row.id)}
                  aria-label={t(row.editable ? "dynamicForms.actions.editNamed" : "dynamicForms.actions.viewNamed", { name: row.name })}
                >
                  {row.editable ? t("dynamicForms.actions.edit") : t("dynamicForms.actions.view")}
                </Button>
                <IconButton
                  aria-label={t("dynamicForms.actions.more", { name: row.name })}
                  aria-haspopup="menu"
                  onClick={(event) => setMenu({ anchor: event.currentTarget, row })}
                >
                  <MoreVert />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        <MenuItem onClick={act(onAssign)} disabled={menu?.row.archived}>
          <ListItemIcon>
            <AssignmentIndOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("dynamicForms.actions.assign")}</ListItemText>
        </MenuItem>
        <MenuItem onClick={act((row) => navigate(`${FORMS_BASE}/add?copy=${row.id}`))}>
          <ListItemIcon>
            <ContentCopy fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("dynamicForms.actions.copy")}</ListItemText>
        </MenuItem>
        {menu?.row.editable
          ? [
              <MenuItem key="archive" onClick={act(onArchive)}>
                <ListItemIcon>{menu.row.archived ? <UnarchiveOutlined fontSize="small" /> : <ArchiveOutlined fontSize="small" />}</ListItemIcon>
                <ListItemText>{menu.row.archived ? t("dynamicForms.actions.unarchive") : t("dynamicForms.actions.archive")}</ListItemText>
              </MenuItem>,
              <MenuItem key="delete" onClick={act(onDelete)}>
                <ListItemIcon>
                  <DeleteOutline fontSize="small" color="error" />
                </ListItemIcon>
                <ListItemText>{t("dynamicForms.actions.delete")}</ListItemText>
              </MenuItem>,
            ]
          : null}
      </Menu>
    </>
  );
}
