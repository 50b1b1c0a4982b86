import type { Category } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import { Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { useAction } from "../../../lib/resource.ts";
import { CatalogueTable } from "../catalogue/CatalogueTable.tsx";
import { useCatalogueList } from "../catalogue/useCatalogueList.ts";
import { CATEGORIES_KEY, deleteCategory } from "./api.ts";
import { CategoryDialog } from "./CategoryDialog.tsx";

/** Categories (spec §2): each opens onto its recommendations; add and edit in a dialog. */
export function CategoriesPage() {
  const { t } = useTranslation();
  const list = useCatalogueList<Category>(CATEGORIES_KEY, "/api/categories/");
  const [editing, setEditing] = useState<Category | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const remove = useAction((row: Category) => deleteCategory(row.id), {
    invalidate: [[CATEGORIES_KEY], ["recommendations"]],
    success: t("categories.removed"),
    onSuccess: () => setDeleting(null),
  });
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 2 }}>
          <Typography variant="h6" component="h2">
            {t("categories.title")}
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {t("categories.add")}
          </Button>
        </Stack>
        <CatalogueTable
          {...list}
          linkOf={(row) => `/manager/admin/categories/${row.id}`}
          editLinkOf={(row) => `/manager/admin/categories/${row.id}?edit=1`}
          onDelete={setDeleting}
          extra={{ title: t("categories.recommendationCount"), cell: (row) => row.recommendationCount }}
          emptyText={t("categories.empty")}
        />
      </CardContent>
      <CategoryDialog
        open={adding || editing !== null}
        category={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t("categories.deleteTitle")}
        text={t("categories.deleteText", { name: deleting?.name ?? "" })}
        confirmLabel={t("catalogue.delete")}
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
