import type { CrmExportEntity } from "@clinic/shared";
import { useTranslation } from "react-i18next";
import { ExportButtons } from "../../../lib/components/ExportButtons.tsx";
import type { ExportKind } from "../../../lib/exports.ts";

/**
 * The kind of each CRM export, whose §8 notice is "<Kind> exported successfully"
 * (exports.done.<kind> in lib/components/locales).
 */
const KINDS: Record<CrmExportEntity, string> = { clients: "crmClients", lists: "crmLists", initiatives: "crmInitiatives", calls: "crmCalls" };

/**
 * CSV and XLSX downloads of the CRM's clients, lists, initiatives or calls (issue 36.6), in the
 * list's current filters (clients: q, tag, listId; lists and initiatives: q; calls: since, to;
 * `clinicId` for a platform admin). The server keeps an agent to their own initiatives and calls.
 */
export function CrmExportButtons(props: { entity: CrmExportEntity; filters?: Record<string, string> }) {
  const { t } = useTranslation();
  const { q = "", ...filters } = props.filters ?? {};
  return (
    <ExportButtons
      path={`/api/crm/export/${props.entity}`}
      search={q}
      filters={filters}
      label={t(`crmImport.export.${props.entity}`)}
      kind={KINDS[props.entity] as ExportKind}
    />
  );
}
