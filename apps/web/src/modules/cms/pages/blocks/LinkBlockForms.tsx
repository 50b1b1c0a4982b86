import { CMS_LIMITS } from "@clinic/shared";
import { MenuItem, Stack, TextField } from "@mui/material";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { BlockField, type BlockFormProps } from "./BlockField.tsx";

/** A YouTube or Vimeo video, played by its own player; its title is what a screen reader announces for the frame. */
export function VideoBlockForm(props: BlockFormProps) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
      <BlockField {...props} name="url" label={t("cmsPages.blocks.fields.videoUrl")} max={CMS_LIMITS.url} required hint={t("cmsPages.blocks.hints.videoUrl")} />
      <BlockField {...props} name="title" label={t("cmsPages.blocks.fields.videoTitle")} max={CMS_LIMITS.alt} required />
    </Stack>
  );
}

/** A call-to-action button: its words, where it leads, and its look. */
export function CtaBlockForm(props: BlockFormProps) {
  const { t } = useTranslation();
  const { form, index, text } = props;
  const stylePath = `blocks.${index}.style` as const;
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
      <BlockField {...props} name="label" label={t("cmsPages.blocks.fields.label")} max={CMS_LIMITS.label} required />
      <BlockField {...props} name="href" label={t("cmsPages.blocks.fields.href")} max={CMS_LIMITS.url} required hint={t("cmsPages.blocks.hints.href")} />
      <Controller
        control={form.control}
        name={stylePath as never}
        render={({ field }) => (
          <TextField select label={t("cmsPages.blocks.fields.style")} {...field} error={!!text(stylePath)} helperText={text(stylePath)} sx={{ minWidth: 160 }}>
            <MenuItem value="primary">{t("cmsPages.blocks.styles.primary")}</MenuItem>
            <MenuItem value="secondary">{t("cmsPages.blocks.styles.secondary")}</MenuItem>
          </TextField>
        )}
      />
    </Stack>
  );
}
