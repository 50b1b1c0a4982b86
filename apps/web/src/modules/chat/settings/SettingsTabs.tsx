import type { CannedReply, ChatTemplate, WhatsAppNumber } from "@clinic/shared";
import { useTranslation } from "react-i18next";
import { ManageList, useDeleteConfirm } from "../../../lib/components/ManageList.tsx";
import { deleteCanned, deleteNumber, deleteTemplate, EVERY_SETTINGS_LIST, useCannedReplies, useNumbers, useTemplates } from "../api.ts";
import { CannedReplyDialog } from "./CannedReplyDialog.tsx";
import { NumberDialog } from "./NumberDialog.tsx";
import { TemplateSettingDialog } from "./TemplateSettingDialog.tsx";
import { variablesOf } from "../conversation/TemplateDialog.tsx";

/** The clinic's canned replies: every agent adds, changes and deletes them (the server's rule). */
export function CannedRepliesTab({ clinicId }: { clinicId: string | null }) {
  const { t } = useTranslation();
  const list = useCannedReplies(clinicId);
  const deletion = useDeleteConfirm<CannedReply>({
    title: t("chat.settings.canned.deleteTitle"),
    text: (row) => t("chat.settings.canned.deleteText", { shortcut: row.shortcut }),
    run: (row) => deleteCanned(row.id),
    invalidate: EVERY_SETTINGS_LIST,
    deleted: (row) => t("chat.settings.canned.deleted", { shortcut: row.shortcut }),
  });
  return (
    <ManageList<CannedReply>
      intro={t("chat.settings.canned.intro")}
      addLabel={t("chat.settings.canned.add")}
      canAdd
      canEdit
      onDelete={deletion.ask}
      rows={list.data}
      loading={list.isLoading}
      rowKey={(row) => row.id}
      title={{ key: "shortcut", title: t("chat.settings.canned.shortcut"), cell: (row) => `/${row.shortcut}`, minWidth: 120 }}
      columns={[{ key: "body", title: t("chat.settings.canned.body"), cell: (row) => row.body }]}
      label={t("chat.settings.canned.listLabel")}
      emptyText={t("chat.settings.canned.empty")}
      nameOf={(row) => `/${row.shortcut}`}
      dialog={({ row, open, onClose }) => <CannedReplyDialog open={open} reply={row} clinicId={clinicId} onClose={onClose} />}
    >
      {deletion.dialog}
    </ManageList>
  );
}

/** The clinic's approved WhatsApp templates: every agent reads them, the clinic's account and admins keep them. */
export function TemplatesTab({ clinicId, canChange }: { clinicId: string | null; canChange: boolean }) {
  const { t } = useTranslation();
  const list = useTemplates(clinicId);
  const deletion = useDeleteConfirm<ChatTemplate>({
    title: t("chat.settings.templates.deleteTitle"),
    text: (row) => t("chat.settings.templates.deleteText", { name: row.name }),
    run: (row) => deleteTemplate(row.id),
    invalidate: EVERY_SETTINGS_LIST,
    deleted: (row) => t("chat.settings.templates.deleted", { name: row.name }),
  });
  return (
    <ManageList<ChatTemplate>
      intro={t(canChange ? "chat.settings.templates.intro" : "chat.settings.templates.introReadOnly")}
      addLabel={t("chat.settings.templates.add")}
      canAdd={canChange}
      canEdit={canChange}
      onDelete={canChange ? deletion.ask : undefined}
      rows={list.data}
      loading={list.isLoading}
      rowKey={(row) => row.id}
      title={{ key: "name", title: t("chat.settings.templates.name"), cell: (row) => row.name, minWidth: 160 }}
      columns={[
        { key: "language", title: t("chat.settings.templates.language"), cell: (row) => row.language },
        { key: "body", title: t("chat.settings.templates.body"), cell: (row) => row.body },
        { key: "variables", title: t("chat.settings.templates.variables"), cell: (row) => variablesOf(row), align: "right", wideOnly: true },
      ]}
      label={t("chat.settings.templates.listLabel")}
      emptyText={t("chat.settings.templates.empty")}
      nameOf={(row) => row.name}
      dialog={({ row, open, onClose }) => <TemplateSettingDialog open={open} template={row} clinicId={clinicId} onClose={onClose} />}
    >
      {deletion.dialog}
    </ManageList>
  );
}

/** The WhatsApp business numbers connected to the clinic: admins only. */
export function NumbersTab({ clinicId }: { clinicId: string }) {
  const { t } = useTranslation();
  const list = useNumbers(clinicId);
  const deletion = useDeleteConfirm<WhatsAppNumber>({
    title: t("chat.settings.numbers.deleteTitle"),
    text: (row) => t("chat.settings.numbers.deleteText", { phone: row.displayPhone }),
    run: (row) => deleteNumber(row.id),
    invalidate: EVERY_SETTINGS_LIST,
    deleted: (row) => t("chat.settings.numbers.deleted", { phone: row.displayPhone }),
  });
  return (
    <ManageList<WhatsAppNumber>
      intro={t("chat.settings.numbers.intro")}
      addLabel={t("chat.settings.numbers.add")}
      canAdd
      canEdit
      onDelete={deletion.ask}
      rows={list.data?.filter((row) => row.clinicId === clinicId)}
      loading={list.isLoading}
      rowKey={(row) => row.id}
      title={{ key: "displayPhone", title: t("chat.settings.numbers.displayPhone"), cell: (row) => row.displayPhone, minWidth: 140 }}
      columns={[
        { key: "label", title: t("chat.settings.numbers.label"), cell: (row) => row.label || "—" },
        { key: "id", title: t("chat.settings.numbers.id"), cell: (row) => row.id },
        { key: "clinic", title: t("chat.settings.numbers.clinic"), cell: (row) => row.clinicName, wideOnly: true },
      ]}
      label={t("chat.settings.numbers.listLabel")}
      emptyText={t("chat.settings.numbers.empty")}
      nameOf={(row) => row.displayPhone}
      dialog={({ row, open, onClose }) => <NumberDialog open={open} number={row} clinicId={clinicId} onClose={onClose} />}
    >
      {deletion.dialog}
    </ManageList>
  );
}
