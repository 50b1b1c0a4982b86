import type { Membership, MembershipOwner } from "@clinic/shared";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { Box, Card, CardContent, Chip, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { useConfirmedDelete } from "../catalogue/useConfirmedDelete.tsx";
import { ASSIGNED_MEMBERSHIPS_KEY, deleteMembership, MEMBERSHIPS_KEY } from "./api.ts";
import { formatMoney, monthsLabel } from "./format.ts";
import { type Column, ListTable } from "./ListTable.tsx";
import { emptyListText } from "../../../lib/empty-list.ts";

export const MEMBERSHIPS_PATH = "/manager/admin/memberships";

interface PlansCardProps {
  title: string;
  /** Only this owner's plans (the server's `owner` filter); every plan the caller sees when unset. */
  owner?: MembershipOwner;
  /** Edit and delete links on every row: admins on every plan, a clinic on its own. */
  editable: boolean;
  /** What the card's header offers (add, assign). */
  actions?: ReactNode;
  /** Which prices matter: a clinic's own plan is paid by patients at valuePatient; the platform's by clinics. */
  prices: "patients" | "clinics" | "all";
  /** The key of what the list says with no plans; a search that finds none says so itself. */
  emptyKey: string;
}

/** One list of plans, paged and searched on the server, with the columns its readers need. */
export function PlansCard({ title, owner, editable, actions, prices, emptyKey }: PlansCardProps) {
  const { t, i18n } = useTranslation();
  const list = usePagedList<Membership>(MEMBERSHIPS_KEY, "/api/memberships/", {
    filters: { owner },
    showsAdded: (row) => owner === undefined || row.owner === owner,
  });
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
        editable ? (
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
  ];
  if (prices !== "patients") {
    columns.push(
      { title: t("memberships.value"), cell: (row) => money(row.value), align: "right" },
      { title: t("memberships.valueAnnual"), cell: (row) => money(row.valueAnnual), align: "right", from: "md" },
    );
  }
  columns.push({
    title: prices === "patients" ? t("memberships.own.price") : t("memberships.valuePatient"),
    cell: (row) => money(row.valuePatient),
    align: "right",
    from: prices === "patients" ? undefined : "md",
  });
  columns.push({ title: t("memberships.months"), cell: (row) => monthsLabel(t, row.months), from: "sm" });
  if (prices !== "patients") {
    columns.push(
      { title: t("memberships.nUsers"), cell: (row) => row.nUsers, align: "right", from: "lg" },
      { title: t("memberships.nPatients"), cell: (row) => row.nPatients, align: "right", from: "lg" },
    );
  }
  if (prices === "all") {
    columns.push({
      title: t("memberships.owner.title"),
      cell: (row) => (row.clinic ? row.clinic.name : t("memberships.owner.platform")),
      from: "sm",
    });
  }
  if (editable) {
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
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 2 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {actions ? <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>{actions}</Box> : null}
        </Stack>
        <ListTable
          {...list}
          columns={columns}
          searchLabel={t("memberships.search")}
          emptyText={emptyListText(t, list.searched, emptyKey, "memberships.noMatch")}
        />
      </CardContent>
      {remove.dialog}
    </Card>
  );
}
