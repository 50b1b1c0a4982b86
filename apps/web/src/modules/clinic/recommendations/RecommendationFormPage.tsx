import { type Category, type Paged, type Recommendation, recommendationInputSchema } from "@clinic/shared";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { Alert, Card, CardContent, CardHeader } from "@mui/material";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { Loading } from "../../../lib/components/Loading.tsx";
import { RichTextView } from "../../../lib/components/RichTextView.tsx";
import { applyFieldErrors } from "../../../lib/forms.ts";
import { useAction, useResource } from "../../../lib/resource.ts";
import { CatalogueForm, type CatalogueFormValues } from "../catalogue/CatalogueForm.tsx";
import { CATEGORIES_KEY } from "../categories/api.ts";
import { createRecommendation, RECOMMENDATIONS_KEY, recommendationKey, updateRecommendation } from "./api.ts";

const FIELDS = ["name", "description", "categoryId"] as const;

/** Add (`new`) or edit one recommendation, from the list or from inside a category. */
export function RecommendationFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const creating = params.recoId === "new";
  const id = creating ? null : Number(params.recoId);
  const fromCategory = params.categoryId ? Number(params.categoryId) : null;
  const back = fromCategory ? `/manager/admin/categories/${fromCategory}` : "/manager/admin/recommendations";

  const { data: current } = useResource<Recommendation>(recommendationKey(id ?? 0), id ? `/api/recommendation/${id}` : null);
  const { data: categories } = useResource<Paged<Category>>([CATEGORIES_KEY, "all"], "/api/categories/?rowsPerPage=100");
  const form = useForm<CatalogueFormValues>({
    resolver: zodResolver(recommendationInputSchema) as never,
    defaultValues: { name: "", description: "", categoryId: fromCategory },
  });
  const { reset } = form;
  useEffect(() => {
    if (current) reset({ name: current.name, description: current.description, categoryId: current.categoryId });
  }, [current, reset]);

  const save = useAction(
    (values: CatalogueFormValues) => {
      const input = { name: values.name, description: values.description, categoryId: values.categoryId ?? null };
      return id ? updateRecommendation(id, input) : createRecommendation(input);
    },
    {
      invalidate: [[RECOMMENDATIONS_KEY], [CATEGORIES_KEY], ["category"], ["recommendation"]],
      adds: (saved) => (id ? [] : [{ list: [RECOMMENDATIONS_KEY], records: [saved] }]),
      replaces: (saved) => (id ? [{ list: [RECOMMENDATIONS_KEY], records: [saved] }] : []),
      success: () => (id ? t("recommendations.updated") : t("recommendations.created")),
      onFieldErrors: (fields) => applyFieldErrors(form.setError, fields, FIELDS),
      onSuccess: () => navigate(back),
    },
  );

  if (id !== null && !Number.isInteger(id)) return <Alert severity="warning">{t("errors.status404")}</Alert>;
  if (id && !current) return <Loading />;
  if (current && !current.editable) {
    return (
      <Card variant="outlined" sx={{ maxWidth: 760 }}>
        <CardHeader title={current.name} subheader={current.categoryName ?? undefined} slotProps={{ title: { component: "h2" } }} />
        <CardContent>
          <RichTextView html={current.description} />
        </CardContent>
      </Card>
    );
  }

  const categoryId = form.watch("categoryId");
  return (
    <CatalogueForm
      title={id ? t("recommendations.edit") : t("recommendations.add")}
      register={form.register}
      errors={form.formState.errors}
      categories={(categories?.data ?? []).map(({ id: value, name }) => ({ id: value, name }))}
      categoryValue={categoryId}
      onCategory={(value) => form.setValue("categoryId", value, { shouldDirty: true })}
      control={form.control}
      busy={save.isPending}
      cancelTo={back}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    />
  );
}
