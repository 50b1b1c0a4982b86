import type { Uploaded } from "@clinic/shared";
import AddPhotoAlternateOutlined from "@mui/icons-material/AddPhotoAlternateOutlined";
import { Box, Button, FormHelperText, LinearProgress, Stack, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, uploadEditorFile } from "../api.ts";
import { describeFailure } from "../notices.tsx";

interface ImageUploadProps {
  label: string;
  /** Address of the current image, if any. */
  url: string | null;
  onChange: (image: { id: string; url: string } | null) => void;
  error?: string;
}

/**
 * Picks an image and uploads it at once through the editor's upload call (spec §7: archivo,
 * nombre, archivo_tipo); the form then only sends the upload's id.
 */
export function ImageUpload({ label, url, onChange, error }: ImageUploadProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function send(file: File) {
    setFailure(null);
    setProgress(0);
    try {
      const uploaded = await uploadEditorFile<Uploaded>(file, file.name, "image", setProgress);
      onChange({ id: uploaded.id, url: uploaded.url });
    } catch (caught) {
      // The field's own message when the server gave one (wrong bytes, too large), else the status.
      const fields = caught instanceof ApiError ? Object.values(caught.fieldErrors).flat() : [];
      setFailure(fields[0] ?? describeFailure(caught, t));
    } finally {
      setProgress(null);
    }
  }

  const message = failure ?? error;
  return (
    <Box>
      <Typography variant="subtitle2" component="p" gutterBottom>
        {label}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
        {url ? (
          <Box
            component="img"
            src={url}
            alt={t("images.preview")}
            sx={{ width: 160, height: 90, objectFit: "cover", borderRadius: 1, border: 1, borderColor: "divider" }}
          />
        ) : null}
        {/* A real button opening the hidden input: a <label> given the button role is not allowed (axe aria-allowed-role). */}
        <Button
          variant="outlined"
          startIcon={<AddPhotoAlternateOutlined />}
          disabled={progress !== null}
          onClick={() => (document.getElementById(inputId) as HTMLInputElement | null)?.click()}
        >
          {url ? t("images.replace") : t("images.choose")}
        </Button>
        <input
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          hidden
          aria-label={label}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void send(file);
          }}
        />
        {url ? <Button onClick={() => onChange(null)}>{t("images.remove")}</Button> : null}
      </Stack>
      {progress !== null ? (
        <LinearProgress variant="determinate" value={progress * 100} sx={{ mt: 1, maxWidth: 320 }} aria-label={t("images.uploading")} />
      ) : null}
      {message ? <FormHelperText error>{message}</FormHelperText> : null}
    </Box>
  );
}
