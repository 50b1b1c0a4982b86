import {
  ACTIVITY_BODY_MAX,
  ACTIVITY_TYPES,
  type Activity,
  type ActivityInput,
  type Category,
  DESCRIPTION_MAX,
  NAME_MAX,
  type Paged,
  type Recommendation,
  activityInputSchema,
} from "@clinic/shared";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import {
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { RichTextField } from "../../../lib/components/RichTextField.tsx";
import { ImageUpload } from "../../../lib/components/ImageUpload.tsx";
import { applyFieldErrors } from "../../../lib/forms.ts";
import { useAction, useResource } from "../../../lib/resource.ts";
import { BuildPicker } from "../games/BuildPicker.tsx";
import { ActivityFileField } from "./ActivityFileField.tsx";
import { activityFieldMessage } from "./activity-fields.ts";
import { ACTIVITIES_KEY, createActivity, updateActivity } from "./api.ts";

type FormValues = {
  name: string;
  description: string;
  type: (typeof ACTIVITY_TYPES)[number];
  categoryIds: number[];
  recommendationIds: number[];
  fileId: number | null;
  gameBuildId: string | null;
  body: string | null;
  imageUploadId: string | null;
};
const FIELDS = ["name", "description", "type", "categoryIds", "recommendationIds", "fileId", "gameBuildId", "body", "imageUploadId"] as const;

/** Where a game activity's game comes from: a build of the catalogue or an uploaded bundle. */
type GameSource = "catalogue" | "upload";
const gameSourceOf = (activity: Activity | undefined): GameSource => (activity?.type === "game" && activity.fileId !== null ? "upload" : "catalogue");

function valuesOf(activity: Activity | undefined): FormValues {
  return {
    name: activity?.name ?? "",
    description: activity?.description ?? "",
    type: activity?.type ?? "video",
    categoryIds: activity?.categories.map((item) => item.id) ?? [],
    recommendationIds: activity?.recommendations.map((item) => item.id) ?? [],
    fileId: activity?.fileId ?? null,
    gameBuildId: activity?.gameBuildId ?? null,
    body: activity?.body ?? null,
    imageUploadId: activity?.imageUploadId ?? null,
  };
}

/** Add or edit an activity: its type decides what it plays (a video file, a text and its document, a game build or bundle). */
export function ActivityForm({ activity }: { activity?: Activity }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: categories } = useResource<Paged<Category>>(["categories", "all"], "/api/categories/?rowsPerPage=100");
  const { data: recommendations } = useResource<Paged<Recommendation>>(["recommendations", "all"], "/api/recommendations/?rowsPerPage=100");
  const form = useForm<FormValues>({ resolver: zodResolver(activityInputSchema) as never, defaultValues: valuesOf(activity) });
  const { reset } = form;
  const [gameSource, setGameSource] = useState<GameSource>(gameSourceOf(activity));
  useEffect(() => {
    reset(valuesOf(activity));
    setGameSource(gameSourceOf(activity));
  }, [activity, reset]);

  const save = useAction((values: FormValues) => (activity ? updateActivity(activity.id, values as ActivityInput) : createActivity(values as ActivityInput)), {
    invalidate: [[ACTIVITIES_KEY], ["activity"], ["categories"]],
    success: () => (activity ? t("activities.updated") : t("activities.created")),
    onFieldErrors: (fields) => applyFieldErrors(form.setError, fields, FIELDS),
    onSuccess: (saved) => navigate(`/manager/admin/activities/${saved.id}`),
  });

  const errors = form.formState.errors;
  const message = (field: keyof FormValues) => activityFieldMessage(t, errors[field]?.message);
  const type = form.watch("type");
  // A game keeps one source: choosing the other drops what the first held.
  const chooseGameSource = (source: GameSource) => {
    setGameSource(source);
    form.setValue(source === "upload" ? "gameBuildId" : "fileId", null, { shouldDirty: true });
    form.clearErrors(["gameBuildId", "fileId"]);
  };
  const fileField = (label: string, hint: string) => (
    <Controller
      name="fileId"
      control={form.control}
      render={({ field }) => (
        <ActivityFileField type={type} value={field.value} onChange={field.onChange} label={label} hint={hint} error={message("fileId")} />
      )}
    />
  );
  const categoryOptions = categories?.data ?? [];
  const imageId = form.watch("imageUploadId");
  const recommendationOptions = recommendations?.data ?? [];

  return (
    <Card variant="outlined" sx={{ maxWidth: 860 }}>
      <CardHeader title={activity ? t("activities.edit") : t("activities.add")} slotProps={{ title: { component: "h2" } }} />
      <CardContent>
        <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
          <Stack spacing={2}>
            <TextField
              label={t("catalogue.name")}
              required
              {...form.register("name")}
              error={!!errors.name}
              helperText={message("name") ?? t("catalogue.nameHint", { max: NAME_MAX })}
            />
            <RichTextField control={form.control} name="description" label={t("catalogue.description")} required max={DESCRIPTION_MAX} minHeight={100} />
            <Box>
              <Typography variant="subtitle2" id="activity-type-label" gutterBottom>
                {t("activities.type")}
              </Typography>
              <Controller
                name="type"
                control={form.control}
                render={({ field }) => (
                  <ToggleButtonGroup
                    exclusive
                    color="primary"
                    value={field.value}
                    onChange={(_, value) => {
                      if (!value || value === field.value) return;
                      field.onChange(value);
                      // Each type attaches a File of its own type.
                      form.setValue("fileId", null, { shouldDirty: true });
                    }}
                    aria-labelledby="activity-type-label"
                  >
                    {ACTIVITY_TYPES.map((item) => (
                      <ToggleButton key={item} value={item}>
                        {t(`activities.types.${item}`)}
                      </ToggleButton>
                    ))}
                  </ToggleButtonGroup>
                )}
              />
            </Box>
            {type === "video" ? fileField(t("activities.videoFile"), t("activities.videoFileHint")) : null}
            {type === "game" ? (
              <>
                <Box>
                  <FormLabel id="activity-game-source-label">{t("activities.gameSource")}</FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby="activity-game-source-label"
                    value={gameSource}
                    onChange={(event) => chooseGameSource(event.target.value as GameSource)}
                  >
                    <FormControlLabel value="catalogue" control={<Radio />} label={t("activities.gameSources.catalogue")} />
                    <FormControlLabel value="upload" control={<Radio />} label={t("activities.gameSources.upload")} />
                  </RadioGroup>
                </Box>
                {gameSource === "catalogue" ? (
                  <Controller
                    name="gameBuildId"
                    control={form.control}
                    render={({ field }) => (
                      <BuildPicker
                        value={field.value}
                        onChange={field.onChange}
                        error={!!errors.gameBuildId}
                        helperText={message("gameBuildId") ?? t("activities.gameBuildHint")}
                      />
                    )}
                  />
                ) : (
                  fileField(t("activities.gameFile"), t("activities.gameFileHint"))
                )}
              </>
            ) : null}
            {type === "text" ? (
              <>
                <RichTextField
                  control={form.control}
                  name="body"
                  label={t("activities.body")}
                  required
                  max={ACTIVITY_BODY_MAX}
                  minHeight={260}
                  translateError={(text) => activityFieldMessage(t, text) ?? text}
                />
                {fileField(t("activities.document"), t("activities.documentHint"))}
              </>
            ) : null}
            <ImageUpload
              label={t("activities.image")}
              url={imageId ? `/api/uploads/${imageId}` : null}
              onChange={(image) => form.setValue("imageUploadId", image?.id ?? null, { shouldDirty: true })}
              error={message("imageUploadId")}
            />
            <Controller
              name="categoryIds"
              control={form.control}
              render={({ field }) => (
                <Autocomplete
                  multiple
                  options={categoryOptions}
                  getOptionLabel={(option) => option.name}
                  value={categoryOptions.filter((option) => field.value.includes(option.id))}
                  onChange={(_, value) => field.onChange(value.map((option) => option.id))}
                  renderInput={(params) => (
                    <TextField {...params} label={t("activities.categories")} error={!!errors.categoryIds} helperText={message("categoryIds")} />
                  )}
                />
              )}
            />
            <Controller
              name="recommendationIds"
              control={form.control}
              render={({ field }) => (
                <Autocomplete
                  multiple
                  options={recommendationOptions}
                  getOptionLabel={(option) => option.name}
                  value={recommendationOptions.filter((option) => field.value.includes(option.id))}
                  onChange={(_, value) => field.onChange(value.map((option) => option.id))}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t("activities.recommendations")}
                      error={!!errors.recommendationIds}
                      helperText={message("recommendationIds")}
                    />
                  )}
                />
              )}
            />
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={save.isPending}>
                {t("common.save")}
              </Button>
              <Button component={RouterLink} to={activity ? `/manager/admin/activities/${activity.id}` : "/manager/admin/activities"}>
                {t("common.cancel")}
              </Button>
            </Stack>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
