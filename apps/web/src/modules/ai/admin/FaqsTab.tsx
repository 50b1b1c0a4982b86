import type { AiFaq } from "@clinic/shared";
import { useTranslation } from "react-i18next";
import { ManageList, useDeleteConfirm } from "../../../lib/components/ManageList.tsx";
import { deleteFaq, faqsKey, useAiFaqs } from "./api.ts";
import { FaqDialog } from "./FaqDialog.tsx";

/** The scope's FAQs, written by the clinic: the assistant cites them as sources (when FAQs are among its sources). */
export function FaqsTab({ clinicId }: { clinicId: string | null }) {
  const { t } = useTranslation();
  const list = useAiFaqs(clinicId);
  const deletion = useDeleteConfirm<AiFaq>({
    title: t("aiAdmin.faqs.deleteTitle"),
    text: (row) => t("aiAdmin.faqs.deleteText", { question: row.question }),
    run: (row) => deleteFaq(row.id),
    invalidate: [faqsKey(clinicId)],
    deleted: () => t("aiAdmin.faqs.deleted"),
  });
  return (
    <ManageList<AiFaq>
      intro={t("aiAdmin.faqs.intro")}
      addLabel={t("aiAdmin.faqs.add")}
      canAdd
      canEdit
      onDelete={deletion.ask}
      rows={list.data}
      loading={list.isLoading}
      rowKey={(row) => row.id}
      title={{ key: "question", title: t("aiAdmin.faqs.question"), cell: (row) => row.question, minWidth: 220 }}
      columns={[
        { key: "language", title: t("aiAdmin.faqs.language"), cell: (row) => t(`aiAdmin.languages.${row.language}`) },
        { key: "audience", title: t("aiAdmin.faqs.audience"), cell: (row) => t(`aiAdmin.faqs.audiences.${row.audience}`) },
        {
          key: "answer",
          title: t("aiAdmin.faqs.answer"),
          cell: (row) => (row.answer.length > 120 ? `${row.answer.slice(0, 120)}…` : row.answer),
          wideOnly: true,
        },
      ]}
      label={t("aiAdmin.faqs.listLabel")}
      emptyText={t("aiAdmin.faqs.empty")}
      nameOf={(row) => row.question}
      dialog={({ row, open, onClose }) => <FaqDialog open={open} faq={row} clinicId={clinicId} onClose={onClose} />}
    >
      {deletion.dialog}
    </ManageList>
  );
}
