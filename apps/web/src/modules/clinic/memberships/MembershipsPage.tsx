import type { Membership } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import AssignmentIndOutlined from "@mui/icons-material/AssignmentIndOutlined";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { Box, Button, Card, CardContent, Chip, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { useSignedIn } from "../../../lib/session.ts";
import { useConfirmedDelete } from "../catalogue/useConfirmedDelete.tsx";
import { ASSIGNED_MEMBERSHIPS_KEY, deleteMembership, MEMBERSHIPS_KEY } from "./api.ts";
import { formatMoney, monthsLabel } from "./format.ts";
import { type Column, ListTable } from "./ListTable.tsx";
import { MembershipCard } from "./MembershipCard.tsx";
import { usePagedList } from "../../../lib/usePagedList.ts";

export const MEMBERSHIPS_PATH = "/manager/admin/memberships";

/**
 * Memberships (spec §2). Admins sell the plans: list, add, edit, delete after confirming.
 * A clinic sees what it holds today and the plans on offer, read-only.
 */
export function MembershipsPage() {
  const { t, i18n } = useTranslation();
  const session = useSignedIn();
  const admin = session.isAdmin;
  const list = usePagedList<Membership>(MEMBERSHIPS_KEY, "/api/memberships/");
  const remove = useConfirmedDelete<Membership>({
    remove: (row) => deleteMembership(row.id),
    invalidate: [[MEMBERSHIPS_KEY], [ASSIGNED_MEMBERSHIPS_KEY]],
    success: t("memberships.removed"),
    title: t("memberships.deleteTitle"),
    text: (row) => t("catalogue.deleteText", { name: row.plan }),
  });
  const money = (value: string) => formatMoney(value, i18n.language);

  const columns: Column<Membership>[] = [
    {
      title: t("memberships.plan"),
      cell: (row) =>
        admin ? (
          <Typography component={RouterLink} to={`${MEMBERSHIPS_PATH}/${row.id}`} sx={{ color: "primary.main", fontWeight: 500, textDecoration: "none" }}>
            {row.plan}
          </Typography>
        ) : (
          <Box>
            <Typography sx={{ fontWeight: 500 }}>{row.plan}</Typography>
            <Typography variant="body2" color="text.secondary">
              {row.description}
            </Typography>
          </Box>
        ),
    },
    { title: t("memberships.value"), cell: (row) => money(row.value), align: "right" },
    { title: t("memberships.valueAnnual"), cell: (row) => money(row.valueAnnual), align: "right", from: "md" },
    { title: t("memberships.valuePatient"), cell: (row) => money(row.valuePatient), align: "right", from: "md" },
    { title: t("memberships.months"), cell: (row) => monthsLabel(t, row.months), from: "sm" },
    { title: t("memberships.nUsers"), cell: (row) => row.nUsers, align: "right", from: "lg" },
    { title: t("memberships.nPatients"), cell: (row) => row.nPatients, align: "right", from: "lg" },
  ];
  if (admin) {
    columns.push(
      {
        title: t("memberships.visibility"),
        cell: (row) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.public ? "success" : "default"}
            label={row.public ? t("memberships.visible") : t("memberships.hidden")}
          />
        ),
        from: "sm",
      },
      {
        title: t("catalogue.actions"),
        align: "right",
        cell: (row) => (
          <Box sx={{ whiteSpace: "nowrap" }}>
            <Tooltip title={t("catalogue.edit")}>
              <IconButton component={RouterLink} to={`${MEMBERSHIPS_PATH}/${row.id}`} aria-label={t("catalogue.editNamed", { name: row.plan })} size="small">
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t("catalogue.delete")}>
              <IconButton onClick={() => remove.ask(row)} aria-label={t("catalogue.deleteNamed", { name: row.plan })} size="small">
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        ),
      },
    );
  }

  return (
    <Box>
      {admin ? null : <MembershipCard />}
      <Card variant="outlined">
        <CardContent>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 2 }}>
            <Typography variant="h6" component="h2">
              {admin ? t("memberships.title") : t("memberships.offered")}
            </Typography>
            {admin ? (
              <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
                <Button component={RouterLink} to="/manager/admin/assign/membership" startIcon={<AssignmentIndOutlined />}>
                  {t("memberships.assign")}
                </Button>
                <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={`${MEMBERSHIPS_PATH}/new`}>
                  {t("memberships.add")}
                </Button>
              </Box>
            ) : null}
          </Stack>
          <ListTable {...list} columns={columns} searchLabel={t("memberships.search")} emptyText={t("memberships.empty")} />
        </CardContent>
      </Card>
      {remove.dialog}
    </Box>
  );
}
