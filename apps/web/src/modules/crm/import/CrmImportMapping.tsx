import { CRM_IMPORT_FIELDS, type CrmImportPreview } from "@clinic/shared";
import { useTranslation } from "react-i18next";
import { ImportMappingStep } from "../../../lib/components/ImportMapping.tsx";
import type { Mapping } from "./import-api.ts";

/**
 * The mapping step of the clients import: one select per client field (the server's suggestion
 * chosen), then the file's first rows as the mapping reads them, the mapped fields only.
 */
export function CrmImportMapping(props: { preview: CrmImportPreview; mapping: Mapping; onChange: (mapping: Mapping) => void }) {
  const { t } = useTranslation();
  return (
    <ImportMappingStep
      {...props}
      fields={CRM_IMPORT_FIELDS}
      fieldLabel={(field) => t(`crmImport.fields.${field}`)}
      mappedOnly
      texts={{
        title: t("crmImport.mapping", { count: props.preview.totalRows }),
        preview: t("crmImport.preview"),
        noColumn: t("crmImport.noColumn"),
        column: (number) => t("crmImport.column", { number }),
      }}
    />
  );
}
