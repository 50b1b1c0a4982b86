import { CMS_API, CMS_LIMITS, type CmsPageDetail, type CmsPageRow, cmsPublicPath } from "@clinic/shared";
import { Box, Card, CardContent, Stack, TextField, Typography } from "@mui/material";
import { type Path, useController, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { EditorSection } from "../../../lib/components/EditorSection.tsx";
import { ImageUpload } from "../../../lib/components/ImageUpload.tsx";
import { SearchPicker } from "../../../lib/components/SearchPicker.tsx";
import { SwitchField } from "../../../lib/components/SwitchField.tsx";
import { CMS_PAGES_KEY } from "../api.ts";
import type { BlockFormProps } from "./blocks/BlockField.tsx";
import type { ImageAddresses } from "./blocks/ImageBlockForm.tsx";
import { otherLanguage, type PageFormValues, searchPreview } from "./page-form.ts";

type FieldsProps = Omit<BlockFormProps, "index">;

/** A text field of the page with its length counted against the limit (SEO texts are cut by search engines past theirs). */
function CountedField({
  form,
  text,
  name,
  label,
  max,
  hint,
  multiline,
}: FieldsProps & { name: Path<PageFormValues>; label: string; max: number; hint?: string; multiline?: boolean }) {
  const { t } = useTranslation();
  const value = (useWatch({ control: form.control, name }) as string | undefined) ?? "";
  const counter = t("cmsPages.editor.counter", { count: value.length, max });
  return (
    <TextField
      label={label}
      {...form.register(name)}
      error={!!text(name)}
      helperText={text(name) ?? (hint ? `${hint} · ${counter}` : counter)}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      slotProps={{ htmlInput: { maxLength: max } }}
      fullWidth
    />
  );
}

/** How the page may look in a search engine's results: what the SEO fields are for. */
function SearchResultPreview({ form }: { form: FieldsProps["form"] }) {
  const { t } = useTranslation();
  const [title, seoTitle, seoDescription, slug, language, isHome] = useWatch({
    control: form.control,
    name: ["title", "seoTitle", "seoDescription", "slug", "language", "isHome"],
  });
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const shown = searchPreview({ title, seoTitle, seoDescription }, cmsPublicPath(language, slug, isHome), origin);
  return (
    <Card variant="outlined" component="figure" sx={{ m: 0 }} aria-label={t("cmsPages.editor.searchPreview")}>
      <CardContent>
        <Typography variant="caption" color="text.secondary" component="figcaption" gutterBottom>
          {t("cmsPages.editor.searchPreview")}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
          {shown.url}
        </Typography>
        <Typography variant="subtitle1" component="p" color="primary" sx={{ fontWeight: 600 }}>
          {shown.title || t("cmsPages.editor.untitled")}
        </Typography>
        <Typography variant="body2">{shown.description || t("cmsPages.editor.noDescription")}</Typography>
      </CardContent>
    </Card>
  );
}

/** The page's twin in the other language, picked among that language's pages. */
function TranslationPicker({ form, text, page }: FieldsProps & { page: CmsPageDetail }) {
  const { t } = useTranslation();
  const { field } = useController({ control: form.control, name: "twinId" });
  const language = useWatch({ control: form.control, name: "language" });
  const other = otherLanguage(language);
  // The twin the page holds now is named by the page's answer; one just picked by the picker.
  const value = field.value === null ? null : { id: String(field.value), label: page.twin?.id === field.value ? page.twin.title : `#${field.value}` };
  return (
    <SearchPicker<CmsPageRow>
      path={`${CMS_API.pages}?language=${other}&rowsPerPage=20`}
      queryKey={[CMS_PAGES_KEY, "twins", other]}
      toOption={(row) => ({ id: String(row.id), label: row.title })}
      value={value}
      onChange={(option) => field.onChange(option ? Number(option.id) : null)}
      label={t("cmsPages.fields.twin", { language: t(`cmsPages.languages.${other}`) })}
      noOptionsText={t("cmsPages.editor.noTwins")}
      error={text("twinId")}
    />
  );
}

/** The page's own fields: title and address, language and home, its translation, and what search engines and social networks show. */
export function PageFields(props: FieldsProps & { page: CmsPageDetail; images: ImageAddresses }) {
  const { t } = useTranslation();
  const { form, text, page, images } = props;
  const social = useController({ control: form.control, name: "socialImageId" });
  const language = useWatch({ control: form.control, name: "language" });
  return (
    <Stack spacing={3}>
      <EditorSection title={t("cmsPages.editor.about")}>
        <TextField
          label={t("cmsPages.fields.title")}
          required
          {...form.register("title")}
          error={!!text("title")}
          helperText={text("title")}
          slotProps={{ htmlInput: { maxLength: CMS_LIMITS.title } }}
          fullWidth
        />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            label={t("cmsPages.fields.slug")}
            required
            {...form.register("slug")}
            error={!!text("slug")}
            helperText={text("slug") ?? t("cmsPages.editor.slugHint")}
            slotProps={{ htmlInput: { maxLength: CMS_LIMITS.slug, spellCheck: false, autoCapitalize: "none" } }}
            fullWidth
          />
          <TextField
            label={t("cmsPages.fields.language")}
            value={t(`cmsPages.languages.${language}`)}
            helperText={t("cmsPages.editor.languageFixed")}
            slotProps={{ htmlInput: { readOnly: true } }}
            sx={{ minWidth: 180 }}
          />
        </Stack>
        <SwitchField control={form.control} name="isHome" label={t("cmsPages.fields.isHome")} hint={text("isHome") ?? t("cmsPages.editor.homeHint")} />
        <TranslationPicker form={form} text={text} page={page} />
      </EditorSection>
      <EditorSection title={t("cmsPages.editor.seo")} hint={t("cmsPages.editor.seoHint")}>
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "minmax(0, 1fr) minmax(0, 1fr)" } }}>
          <Stack spacing={2}>
            <CountedField
              form={form}
              text={text}
              name="seoTitle"
              label={t("cmsPages.fields.seoTitle")}
              max={CMS_LIMITS.seoTitle}
              hint={t("cmsPages.editor.seoTitleHint")}
            />
            <CountedField form={form} text={text} name="seoDescription" label={t("cmsPages.fields.seoDescription")} max={CMS_LIMITS.seoDescription} multiline />
          </Stack>
          <SearchResultPreview form={form} />
        </Box>
        <ImageUpload
          label={t("cmsPages.fields.socialImage")}
          url={social.field.value ? images.urlOf(social.field.value) : null}
          onChange={(image) => {
            if (image) images.remember(image.id, image.url);
            social.field.onChange(image?.id ?? null);
          }}
          error={text("socialImageId")}
        />
      </EditorSection>
    </Stack>
  );
}
