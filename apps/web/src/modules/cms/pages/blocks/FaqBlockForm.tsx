import { CMS_LIMITS } from "@clinic/shared";
import { Stack } from "@mui/material";
import { type Path, useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { EditorRowCard, EditorRowsFooter } from "../../../../lib/components/EditorSection.tsx";
import { RichTextField } from "../../../../lib/components/RichTextField.tsx";
import { cmsFieldMessage, type PageFormValues } from "../page-form.ts";
import { BlockField, type BlockFormProps } from "./BlockField.tsx";
import { MoveButtons } from "./MoveButtons.tsx";

/** Questions and their answers, in the order the page shows them; at least one. */
export function FaqBlockForm(props: BlockFormProps) {
  const { t } = useTranslation();
  const { form, index, text } = props;
  const name = `blocks.${index}.items` as "blocks.0.items";
  const items = useFieldArray({ control: form.control, name });
  return (
    <Stack spacing={1.5}>
      {items.fields.map((item, position) => {
        const label = t("cmsPages.blocks.faqItem", { number: position + 1 });
        return (
          <EditorRowCard
            key={item.id}
            title={label}
            removeLabel={t("cmsPages.blocks.removeQuestion", { number: position + 1 })}
            removeDisabled={items.fields.length === 1}
            onRemove={() => items.remove(position)}
            actions={<MoveButtons name={label} index={position} count={items.fields.length} onMove={(to) => items.move(position, to)} />}
          >
            <BlockField {...props} name={`items.${position}.question`} label={t("cmsPages.blocks.fields.question")} max={CMS_LIMITS.question} required />
            <RichTextField
              control={form.control}
              name={`${name}.${position}.answer` as Path<PageFormValues>}
              label={t("cmsPages.blocks.fields.answer")}
              max={CMS_LIMITS.answer}
              images={false}
              minHeight={80}
              translateError={(message) => cmsFieldMessage(t, message) ?? message}
            />
          </EditorRowCard>
        );
      })}
      <EditorRowsFooter
        error={text(name)}
        addLabel={t("cmsPages.blocks.addQuestion")}
        onAdd={() => items.append({ question: "", answer: "" })}
        addDisabled={items.fields.length >= CMS_LIMITS.faqItems}
      />
    </Stack>
  );
}
