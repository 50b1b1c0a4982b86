import type { Recommendation } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import { Box, Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { useAction } from "../../../lib/resource.ts";
import { useSignedIn } from "../../../lib/session.ts";
import { CatalogueTable } from "../catalogue/CatalogueTable.tsx";
import { useCatalogueList } from "../catalogue/useCatalogueList.ts";
import { deleteRecommendation, RECOMMENDATIONS_KEY } from "./api.ts";

const BASE = "/manager/admin/recommendations";

/** Recommendations list (spec §2): search, paging, add, edit, delete after confirming. */
export function RecommendationsPage({ categoryId }: { categoryId?: number }) {
  const { t } = useTranslation();
  const session = useSignedIn();
  const list = useCatalogueList<Recommendation>(RECOMMENDATIONS_KEY, "/api/recommendations/", { category: categoryId });
  const [deleting, setDeleting] = useState<Recommendation | null>(null);
  const remove = useAction((row: Recommendation) => deleteRecommendation(row.id), {
    invalidate: [[RECOMMENDATIONS_KEY], ["categories"], ["category"]],
    success: t("recommendations.removed"),
    onSuccess: () => setDeleting(null),
  });
  const canChange = session.isAdmin || session.permission.codenames.includes("change_recommendation");
  const canSeeCategories = session.isAdmin || session.permission.codenames.includes("change_activity");
  const isPatient = session.permission.is_patient && !session.isAdmin;
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
          linkOf={(row) => `${base}/${row.id}`}
          editLinkOf={(row) => `${base}/${row.id}`}
          onDelete={setDeleting}
          extra={categoryId ? undefined : { title: t("catalogue.category"), cell: (row) => row.categoryName ?? "—" }}
          emptyText={isPatient ? t("recommendations.noneForPatient") : t("recommendations.empty")}
        />
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        title={t("recommendations.deleteTitle")}
        text={t("catalogue.deleteText", { name: deleting?.name ?? "" })}
        confirmLabel={t("catalogue.delete")}
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
