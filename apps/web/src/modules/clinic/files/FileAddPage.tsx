import {
  BUNDLE_REFUSALS,
  bundleRefusalOf,
  DOCUMENT_NAME_MAX,
  FILE_TYPE_KINDS,
  FILE_TYPES,
  type FileType,
  fileTypeSchema,
  linkSchema,
  requiredText,
  UPLOAD_MIME_TYPES,
} from "@clinic/shared";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import UploadFileOutlined from "@mui/icons-material/UploadFileOutlined";
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  FormHelperText,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { z } from "zod";
import { applyFieldErrors } from "../../../lib/forms.ts";
import { useAction } from "../../../lib/resource.ts";
import { createFile, FILES_KEY, type NewFile } from "./api.ts";

const FIELDS = ["name", "type", "link", "file"] as const;
const LIST = "/manager/admin/files";

/** The shared rules, plus "a file or a link, as chosen" with translated messages. */
const formSchemaOf = (messages: { needFile: string; needLink: string }) =>
  z
    .object({
      name: requiredText(DOCUMENT_NAME_MAX),
      type: fileTypeSchema,
      source: z.enum(["upload", "link"]),
      link: z.string(),
      file: z.custom<File | null>(),
    })
    .superRefine((values, ctx) => {
      if (values.source === "upload" && !values.file) ctx.addIssue({ code: "custom", path: ["file"], message: messages.needFile });
      if (values.source === "link") {
        if (!values.link.trim()) ctx.addIssue({ code: "custom", path: ["link"], message: messages.needLink });
        else {
          const link = linkSchema.safeParse(values.link);
          if (!link.success) ctx.addIssue({ code: "custom", path: ["link"], message: link.error.issues[0]?.message ?? messages.needLink });
        }
      }
    });
type FormValues = { name: string; type: FileType | ""; source: "upload" | "link"; link: string; file: File | null };

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);

/** The server's reasons for refusing a game bundle, in the interface's language (the path it names, as sent). */
function translateBundleRefusals(fields: Record<string, string[]>, t: (key: string) => string): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, messages]) => [
      field,
      messages.map((message) => {
        const reason = bundleRefusalOf(message);
        if (!reason) return message;
        const entry = message.slice(BUNDLE_REFUSALS[reason].length + 2);
        return entry ? `${t(`files.bundle.${reason}`)}: ${entry}` : t(`files.bundle.${reason}`);
      }),
    ]),
  );
}

/** Add a file (spec §2 "files (list, add)"): a name, a type, and either an upload or a link. */
export function FileAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const resolver = useMemo(() => zodResolver(formSchemaOf({ needFile: t("files.needFile"), needLink: t("files.needLink") })), [t]);
  const form = useForm<FormValues>({ resolver: resolver as never, defaultValues: { name: "", type: "", source: "upload", link: "", file: null } });
  const { errors } = form.formState;
  const type = form.watch("type");
  const source = form.watch("source");
  const chosen = form.watch("file");
  const accept = type ? FILE_TYPE_KINDS[type].flatMap((kind) => UPLOAD_MIME_TYPES[kind]).join(",") : undefined;

  const save = useAction((input: NewFile) => createFile(input, setProgress), {
    invalidate: [[FILES_KEY]],
    // Spec §4: the file just added shows first in the list the user goes back to.
    adds: (saved) => [{ list: [FILES_KEY], records: [saved] }],
    success: t("files.created"),
    onFieldErrors: (fields) => applyFieldErrors(form.setError, translateBundleRefusals(fields, t), FIELDS),
    onSuccess: () => navigate(LIST),
  });

  const submit = form.handleSubmit((values) => {
    const uploading = values.source === "upload";
    setProgress(uploading ? 0 : null);
    save.mutate(
      { name: values.name, type: values.type, file: uploading ? values.file : null, link: uploading ? "" : values.link },
      { onSettled: () => setProgress(null) },
    );
  });

  return (
    <Card variant="outlined" sx={{ maxWidth: 760 }}>
      <CardHeader title={t("files.add")} slotProps={{ title: { component: "h2" } }} />
      <CardContent>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack spacing={2}>
            <TextField
              label={t("files.name")}
              required
              {...form.register("name")}
              error={!!errors.name}
              helperText={errors.name?.message ?? t("files.nameHint", { max: DOCUMENT_NAME_MAX })}
              slotProps={{ htmlInput: { maxLength: DOCUMENT_NAME_MAX + 20 } }}
            />
            <TextField
              select
              required
              label={t("files.type")}
              value={type}
              onChange={(event) => form.setValue("type", event.target.value as FileType, { shouldValidate: form.formState.isSubmitted })}
              error={!!errors.type}
              helperText={errors.type?.message}
            >
              {FILE_TYPES.map((item) => (
                <MenuItem key={item} value={item}>
                  {t(`files.types.${item}`)}
                </MenuItem>
              ))}
            </TextField>
            <ToggleButtonGroup exclusive size="small" color="primary" value={source} onChange={(_, next) => next && form.setValue("source", next)}>
              <ToggleButton value="upload">{t("files.useUpload")}</ToggleButton>
              <ToggleButton value="link">{t("files.useLink")}</ToggleButton>
            </ToggleButtonGroup>
            {source === "upload" ? (
              <Box>
                <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileOutlined />}>
                  {t("files.choose")}
                </Button>
                <input
                  id={inputId}
                  type="file"
                  hidden
                  accept={accept}
                  aria-label={t("files.choose")}
                  onChange={(event) => {
                    form.setValue("file", event.target.files?.[0] ?? null, { shouldValidate: form.formState.isSubmitted });
                  }}
                />
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {chosen ? t("files.chosen", { name: chosen.name, size: sizeText(chosen.size) }) : t("files.noneChosen")}
                </Typography>
                {accept ? (
                  <Typography variant="caption" color="text.secondary">
                    {t("files.accepts", { formats: accept.replaceAll(",", ", ") })}
                  </Typography>
                ) : null}
                {errors.file ? <FormHelperText error>{errors.file.message}</FormHelperText> : null}
              </Box>
            ) : (
              <TextField
                label={t("files.link")}
                type="url"
                required
                {...form.register("link")}
                error={!!errors.link}
                helperText={errors.link?.message ?? t("files.linkHint")}
              />
            )}
            {progress !== null ? (
              <Box>
                <LinearProgress
                  variant="determinate"
                  value={Math.round(progress * 100)}
                  aria-label={t("files.progress", { percent: Math.round(progress * 100) })}
                />
                <Typography variant="caption">{t("files.progress", { percent: Math.round(progress * 100) })}</Typography>
              </Box>
            ) : null}
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={save.isPending}>
                {t("common.save")}
              </Button>
              <Button component={RouterLink} to={LIST}>
                {t("common.cancel")}
              </Button>
            </Stack>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
