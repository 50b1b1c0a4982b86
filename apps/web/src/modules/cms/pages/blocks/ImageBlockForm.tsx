import { CMS_LIMITS } from "@clinic/shared";
import { Stack } from "@mui/material";
import { useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ImageUpload } from "../../../../lib/components/ImageUpload.tsx";
import type { PageFormValues } from "../page-form.ts";
import { BlockField, type BlockFormProps } from "./BlockField.tsx";

/** Where each image is read: the page's answer names those it holds, an upload just made adds its own. */
export interface ImageAddresses {
  urlOf: (uploadId: string) => string | null;
  remember: (uploadId: string, url: string) => void;
}

/** An image (uploaded at once, images only), its text for those who cannot see it (required) and a caption. */
export function ImageBlockForm(props: BlockFormProps & { images: ImageAddresses }) {
  const { t } = useTranslation();
  const { form, index, text, images } = props;
  const path = `blocks.${index}.uploadId`;
  const { field } = useController<PageFormValues>({ control: form.control, name: path as never });
  const uploadId = (field.value as string) || "";
  return (
    <Stack spacing={2}>
      <ImageUpload
        label={t("cmsPages.blocks.fields.image")}
        url={uploadId ? images.urlOf(uploadId) : null}
        onChange={(image) => {
          if (image) images.remember(image.id, image.url);
          field.onChange(image?.id ?? "");
        }}
        error={text(path) && !uploadId ? t("cmsPages.blocks.hints.imageMissing") : text(path)}
      />
      <BlockField {...props} name="alt" label={t("cmsPages.blocks.fields.alt")} max={CMS_LIMITS.alt} required hint={t("cmsPages.blocks.hints.alt")} />
      <BlockField {...props} name="caption" label={t("cmsPages.blocks.fields.caption")} max={CMS_LIMITS.caption} />
    </Stack>
  );
}
