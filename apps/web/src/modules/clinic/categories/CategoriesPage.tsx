import type { Category } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import { Button, Card, CardContent, Chip, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CatalogueTable } from "../catalogue/CatalogueTable.tsx";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { useConfirmedDelete } from "../catalogue/useConfirmedDelete.tsx";
import { CATEGORIES_KEY, deleteCategory } from "./api.ts";
import { CategoryDialog } from "./CategoryDialog.tsx";
import { emptyListText } from "../../../lib/empty-list.ts";

/** Categories (spec §2): each opens onto its recommendations; add and edit in a dialog. */
export function CategoriesPage() {
  const { t } = useTranslation();
  const list = usePagedList<Category>(CATEGORIES_KEY, "/api/categories/", { searchField: "name" });
  const [editing, setEditing] = useState<Category | null>(null);
  const [adding, setAdding] = useState(false);
  const remove = useConfirmedDelete<Category>({
    remove: (row) => deleteCategory(row.id),
    invalidate: [[CATEGORIES_KEY], ["recommendations"]],
    success: t("categories.removed"),
    title: t("categories.deleteTitle"),
    text: (row) => t("categories.deleteText", { name: row.name }),
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
          onDelete={remove.ask}
          extras={[
            { title: t("categories.recommendationCount"), cell: (row) => row.recommendationCount },
            {
              title: t("categories.kind"),
              from: "sm",
              cell: (row) => (row.nutrition ? <Chip size="small" color="success" variant="outlined" label={t("categories.nutrition")} /> : null),
            },
          ]}
          emptyText={emptyListText(t, list.searched, "categories.empty", "categories.noMatch")}
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
      {remove.dialog}
    </Card>
  );
}
