import type { Recommendation } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import { Box, Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { useSignedIn } from "../../../lib/session.ts";
import { PatientRecommendationsCard } from "../../dashboard/PatientRecommendationsCard.tsx";
import { CatalogueTable } from "../catalogue/CatalogueTable.tsx";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { useConfirmedDelete } from "../catalogue/useConfirmedDelete.tsx";
import { deleteRecommendation, RECOMMENDATIONS_KEY } from "./api.ts";
import { emptyListText } from "../../../lib/empty-list.ts";

const BASE = "/manager/admin/recommendations";

/** Recommendations list (spec §2): search, paging, add, edit, delete after confirming. */
export function RecommendationsPage({ categoryId }: { categoryId?: number }) {
  const { t } = useTranslation();
  const session = useSignedIn();
  const list = usePagedList<Recommendation>(RECOMMENDATIONS_KEY, "/api/recommendations/", { searchField: "name", filters: { category: categoryId } });
  const remove = useConfirmedDelete<Recommendation>({
    remove: (row) => deleteRecommendation(row.id),
    invalidate: [[RECOMMENDATIONS_KEY], ["categories"], ["category"]],
    success: t("recommendations.removed"),
    title: t("recommendations.deleteTitle"),
    text: (row) => t("catalogue.deleteText", { name: row.name }),
  });
  const canChange = session.isAdmin || session.permission.codenames.includes("change_recommendation");
  const canSeeCategories = session.isAdmin || session.permission.codenames.includes("change_activity");
  const isPatient = session.permission.is_patient && !session.isAdmin;
  // Patients have no catalogue: their recommendations are the ones given to them.
  if (isPatient) return <PatientRecommendationsCard />;
  const base = categoryId ? `/manager/admin/categories/${categoryId}` : BASE;

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 2 }}>
          <Typography variant="h6" component="h2">
            {categoryId ? t("recommendations.inCategory") : t("recommendations.title")}
          </Typography>
          <Box sx={{ display: "flex", gap: 1 }}>
            {!categoryId && canSeeCategories ? (
              <Button component={RouterLink} to="/manager/admin/categories">
                {t("categories.title")}
              </Button>
            ) : null}
            {canChange ? (
              <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={`${base}/new`}>
                {t("recommendations.add")}
              </Button>
            ) : null}
          </Box>
        </Stack>
        <CatalogueTable
          {...list}
          onReset={list.reset}
          linkOf={(row) => `${base}/${row.id}`}
          editLinkOf={(row) => `${base}/${row.id}`}
          onDelete={remove.ask}
          extras={categoryId ? [] : [{ title: t("catalogue.category"), cell: (row) => row.categoryName ?? "—" }]}
          emptyText={emptyListText(t, list.searched, "recommendations.empty", "recommendations.noMatch")}
        />
      </CardContent>
      {remove.dialog}
    </Card>
  );
}
