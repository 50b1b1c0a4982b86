import { IMPORT_FIELDS, IMPORT_REQUIRED_FIELDS, type ImportField, type ImportPreview } from "@clinic/shared";
import { useTranslation } from "react-i18next";
import { type ColumnMapping, ImportMappingStep } from "../../lib/components/ImportMapping.tsx";

/** Field → the index of the file's column that fills it. */
export type Mapping = ColumnMapping<ImportField>;

/** One select per person field, then the first rows as the mapping reads them. */
export function MappingStep(props: {
  preview: ImportPreview;
  mapping: Mapping;
  onChange: (mapping: Mapping) => void;
  fieldLabel: (field: ImportField) => string;
}) {
  const { t } = useTranslation();
  return (
    <ImportMappingStep
      {...props}
      fields={IMPORT_FIELDS}
      required={IMPORT_REQUIRED_FIELDS}
      texts={{
        title: t("people.import.mapping", { count: props.preview.totalRows }),
        preview: t("people.import.preview"),
        noColumn: t("people.import.noColumn"),
        column: (number) => t("people.import.column", { number }),
      }}
    />
  );
}
