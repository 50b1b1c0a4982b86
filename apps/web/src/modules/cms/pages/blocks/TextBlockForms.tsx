import { CMS_LIMITS } from "@clinic/shared";
import { Stack } from "@mui/material";
import type { Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { RichTextField } from "../../../../lib/components/RichTextField.tsx";
import { cmsFieldMessage, type PageFormValues } from "../page-form.ts";
import type { BlockFormProps } from "./BlockField.tsx";

/**
 * The blocks of rich text, written with the shared editor and its rules (the server sanitises
 * what is saved). No images inside the text: the public cannot read an upload behind the staff's
 * access check, so pictures go in an image block, which the site serves itself.
 */
function BlockRichText({ form, index, name, label, max }: BlockFormProps & { name: string; label: string; max: number }) {
  const { t } = useTranslation();
  return (
    <RichTextField
      control={form.control}
      name={`blocks.${index}.${name}` as Path<PageFormValues>}
      label={label}
      max={max}
      images={false}
      translateError={(message) => cmsFieldMessage(t, message) ?? message}
    />
  );
}

/** A text block: one rich text. */
export function TextBlockForm(props: BlockFormProps) {
  const { t } = useTranslation();
  return <BlockRichText {...props} name="html" label={t("cmsPages.blocks.fields.text")} max={CMS_LIMITS.text} />;
}

/** Two columns of rich text, side by side on a wide screen (one under the other on a phone). */
export function ColumnsBlockForm(props: BlockFormProps) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ "& > *": { flex: 1, minWidth: 0 } }}>
      <BlockRichText {...props} name="left" label={t("cmsPages.blocks.fields.left")} max={CMS_LIMITS.column} />
      <BlockRichText {...props} name="right" label={t("cmsPages.blocks.fields.right")} max={CMS_LIMITS.column} />
    </Stack>
  );
}
