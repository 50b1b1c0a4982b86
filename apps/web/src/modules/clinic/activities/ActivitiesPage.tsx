import { ACTIVITY_TYPES, type Activity, type ActivityType } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import SportsEsportsOutlined from "@mui/icons-material/SportsEsportsOutlined";
import { Box, Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router";
import { useSignedIn } from "../../../lib/session.ts";
import { PatientActivitiesCard } from "../assign/activity/PatientActivitiesCard.tsx";
import { CatalogueTable } from "../catalogue/CatalogueTable.tsx";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { useConfirmedDelete } from "../catalogue/useConfirmedDelete.tsx";
import { ACTIVITIES_KEY, deleteActivity } from "./api.ts";
import { emptyListText } from "../../../lib/empty-list.ts";

const BASE = "/manager/admin/activities";

/** Activities list (spec §2): search and paging on the server, add, edit, delete after confirming. */
export function ActivitiesPage() {
  const { t } = useTranslation();
  const session = useSignedIn();
  const [type, setType] = useState<ActivityType | "">("");
  const [address, setAddress] = useSearchParams();
  const list = usePagedList<Activity>(ACTIVITIES_KEY, "/api/activities/", {
    searchField: "name",
    filters: { type: type || undefined },
    initialSearch: address.get("q") ?? "",
  });
  // The search lives in the address too: back from an activity, the list is searched as it was.
  const searched = list.searched;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search rewrites the address.
  useEffect(() => {
    if ((address.get("q") ?? "") !== searched) setAddress(searched ? { q: searched } : {}, { replace: true });
  }, [searched]);
  const remove = useConfirmedDelete<Activity>({
    remove: (row) => deleteActivity(row.id),
    invalidate: [[ACTIVITIES_KEY]],
    success: t("activities.removed"),
    title: t("activities.deleteTitle"),
    text: (row) => t("catalogue.deleteText", { name: row.name }),
  });
  const canChange = session.isAdmin || session.permission.codenames.includes("change_activity");
  const isPatient = session.permission.is_patient && !session.isAdmin;
  // Patients have no catalogue: their activities are the ones assigned to them.
  if (isPatient) return <PatientActivitiesCard />;
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 2 }}>
          <Typography variant="h6" component="h2">
            {t("activities.title")}
          </Typography>
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            <Button component={RouterLink} to="/manager/admin/games" startIcon={<SportsEsportsOutlined />}>
              {t("activities.gameCatalogue")}
            </Button>
            {canChange ? (
              <>
                <Button component={RouterLink} to="/manager/admin/categories">
                  {t("categories.title")}
                </Button>
                <Button component={RouterLink} to="/manager/admin/files">
                  {t("activities.files")}
                </Button>
                <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={`${BASE}/new`}>
                  {t("activities.add")}
                </Button>
              </>
            ) : null}
          </Box>
        </Stack>
        <CatalogueTable
          {...list}
          onReset={() => {
            setType("");
            list.reset();
          }}
          filters={
            <TextField
              select
              size="small"
              label={t("activities.type")}
              value={type}
              onChange={(event) => setType(event.target.value as ActivityType | "")}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="">{t("activities.allTypes")}</MenuItem>
              {ACTIVITY_TYPES.map((item) => (
                <MenuItem key={item} value={item}>
                  {t(`activities.types.${item}`)}
                </MenuItem>
              ))}
            </TextField>
          }
          linkOf={(row) => `${BASE}/${row.id}`}
          editLinkOf={(row) => `${BASE}/${row.id}?edit=1`}
          onDelete={remove.ask}
          extras={[{ title: t("activities.type"), cell: (row) => <Chip size="small" label={t(`activities.types.${row.type}`)} /> }]}
          emptyText={emptyListText(t, list.searched, "activities.empty", "activities.noMatch")}
        />
      </CardContent>
      {remove.dialog}
    </Card>
  );
}
