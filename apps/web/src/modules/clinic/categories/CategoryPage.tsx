import type { Category } from "@clinic/shared";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { Button, Card, CardContent, Chip, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams, useSearchParams } from "react-router";
import { Loading } from "../../../lib/components/Loading.tsx";
import { RichTextView } from "../../../lib/components/RichTextView.tsx";
import { useResource } from "../../../lib/resource.ts";
import { RecommendationsPage } from "../recommendations/RecommendationsPage.tsx";
import { categoryKey } from "./api.ts";
import { CategoryDialog } from "./CategoryDialog.tsx";

/** One category and the recommendations filed under it. */
export function CategoryPage() {
  const { t } = useTranslation();
  const id = Number(useParams().categoryId);
  const [params, setParams] = useSearchParams();
  const { data: category } = useResource<Category>(categoryKey(id), Number.isInteger(id) ? `/api/category/${id}` : null);
  if (!category) return <Loading />;
  const editing = params.get("edit") === "1" && category.editable;
  return (
    <Stack spacing={3}>
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between", alignItems: "flex-start" }}>
            <div>
              <Typography variant="h5" component="h2" gutterBottom>
                {category.name}
              </Typography>
              <RichTextView html={category.description} sx={{ color: "text.secondary" }} />
            </div>
            <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
              {category.nutrition ? <Chip size="small" color="success" variant="outlined" label={t("categories.nutrition")} /> : null}
              <Chip size="small" variant="outlined" label={category.clinicId ? t("catalogue.ownClinic") : t("catalogue.platform")} />
              {category.editable ? (
                <Button startIcon={<EditOutlined />} onClick={() => setParams({ edit: "1" })}>
                  {t("catalogue.edit")}
                </Button>
              ) : null}
            </Stack>
          </Stack>
          <Button component={RouterLink} to="/manager/admin/categories" sx={{ mt: 2 }}>
            {t("categories.back")}
          </Button>
        </CardContent>
      </Card>
      <RecommendationsPage categoryId={category.id} />
      <CategoryDialog open={editing} category={category} onClose={() => setParams({})} />
    </Stack>
  );
}
