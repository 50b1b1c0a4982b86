import type { Activity } from "@clinic/shared";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams, useSearchParams } from "react-router";
import { Loading } from "../../../lib/components/Loading.tsx";
import { RichTextView } from "../../../lib/components/RichTextView.tsx";
import { useResource } from "../../../lib/resource.ts";
import { ActivityForm } from "./ActivityForm.tsx";
import { ActivityPlayer } from "./ActivityPlayer.tsx";
import { activityKey } from "./api.ts";

/** One activity: `new` adds one; otherwise it plays, and its owner can edit it (`?edit=1`). */
export function ActivityPage() {
  const { t } = useTranslation();
  const param = useParams().activityId;
  const [params] = useSearchParams();
  const id = param === "new" ? null : Number(param);
  const { data: activity } = useResource<Activity>(activityKey(id ?? 0), id && Number.isInteger(id) ? `/api/activity/${id}` : null);
  if (id === null) return <ActivityForm />;
  if (!Number.isInteger(id)) return <Alert severity="warning">{t("errors.status404")}</Alert>;
  if (!activity) return <Loading />;
  if (params.get("edit") === "1" && activity.editable) return <ActivityForm activity={activity} />;
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between", alignItems: "flex-start", mb: 2 }}>
          <div>
            <Typography variant="h5" component="h2" gutterBottom>
              {activity.name}
            </Typography>
            <RichTextView html={activity.description} sx={{ color: "text.secondary" }} />
          </div>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Chip size="small" label={t(`activities.types.${activity.type}`)} />
            {activity.editable ? (
              <Button startIcon={<EditOutlined />} component={RouterLink} to="?edit=1">
                {t("catalogue.edit")}
              </Button>
            ) : null}
          </Stack>
        </Stack>
        {activity.imageUrl ? (
          <Box component="img" src={activity.imageUrl} alt={activity.name} sx={{ display: "block", width: "100%", maxWidth: 420, borderRadius: 1, mb: 2 }} />
        ) : null}
        <ActivityPlayer activity={activity} />
        {activity.categories.length + activity.recommendations.length > 0 ? (
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: "wrap", rowGap: 1 }}>
            {activity.categories.map((category) => (
              <Chip
                key={`c${category.id}`}
                variant="outlined"
                label={category.name}
                component={RouterLink}
                to={`/manager/admin/categories/${category.id}`}
                clickable
              />
            ))}
            {activity.recommendations.map((recommendation) => (
              <Chip key={`r${recommendation.id}`} color="secondary" variant="outlined" label={recommendation.name} />
            ))}
          </Stack>
        ) : null}
        <Button component={RouterLink} to="/manager/admin/activities" sx={{ mt: 2 }}>
          {t("activities.back")}
        </Button>
      </CardContent>
    </Card>
  );
}
