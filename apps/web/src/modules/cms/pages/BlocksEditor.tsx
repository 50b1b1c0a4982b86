import { CMS_BLOCK_KINDS, CMS_BLOCK_MODULES, CMS_LIMITS, type CmsBlock, type CmsBlockKind } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import { Alert, Box, Button, ListItemText, Menu, MenuItem, Stack, Typography } from "@mui/material";
import { type ReactNode, useId, useState } from "react";
import { useFieldArray, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { EditorRowCard } from "../../../lib/components/EditorSection.tsx";
import { useSignedIn } from "../../../lib/session.ts";
import type { BlockFormProps } from "./blocks/BlockField.tsx";
import { FaqBlockForm } from "./blocks/FaqBlockForm.tsx";
import { type ImageAddresses, ImageBlockForm } from "./blocks/ImageBlockForm.tsx";
import { CtaBlockForm, VideoBlockForm } from "./blocks/LinkBlockForms.tsx";
import { BookingBlockForm, EventsBlockForm } from "./blocks/ModuleBlockForms.tsx";
import { MoveButtons } from "./blocks/MoveButtons.tsx";
import { ColumnsBlockForm, TextBlockForm } from "./blocks/TextBlockForms.tsx";
import { newBlock } from "./page-form.ts";

/** Each kind's form. */
function BlockForm({ kind, images, ...props }: BlockFormProps & { kind: CmsBlockKind; images: ImageAddresses }): ReactNode {
  switch (kind) {
    case "text":
      return <TextBlockForm {...props} />;
    case "image":
      return <ImageBlockForm {...props} images={images} />;
    case "video":
      return <VideoBlockForm {...props} />;
    case "cta":
      return <CtaBlockForm {...props} />;
    case "columns":
      return <ColumnsBlockForm {...props} />;
    case "faq":
      return <FaqBlockForm {...props} />;
    case "booking":
      return <BookingBlockForm {...props} />;
    case "events":
      return <EventsBlockForm {...props} />;
  }
}

/** The add menu: the eight kinds, the booking and events blocks noting when their module is off. */
function AddBlockMenu({ disabled, onAdd }: { disabled: boolean; onAdd: (kind: CmsBlockKind) => void }) {
  const { t } = useTranslation();
  const session = useSignedIn();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const moduleOff = (kind: CmsBlockKind) => kind in CMS_BLOCK_MODULES && session.flags[CMS_BLOCK_MODULES[kind as keyof typeof CMS_BLOCK_MODULES]] !== true;
  return (
    <div>
      <Button
        startIcon={<AddIcon />}
        variant="outlined"
        disabled={disabled}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t("cmsPages.blocks.add")}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {CMS_BLOCK_KINDS.map((kind) => (
          <MenuItem
            key={kind}
            onClick={() => {
              setAnchor(null);
              onAdd(kind);
            }}
          >
            <ListItemText
              primary={t(`cmsPages.blocks.kinds.${kind}`)}
              secondary={moduleOff(kind) ? t(`cmsPages.blocks.moduleOff.${kind}`) : t(`cmsPages.blocks.about.${kind}`)}
            />
          </MenuItem>
        ))}
      </Menu>
    </div>
  );
}

/**
 * The page's body: its blocks in order, each with its form, moved up or down by buttons (keyboard
 * reachable) and removed with a moment to undo. A block added goes last.
 */
export function BlocksEditor(props: Omit<BlockFormProps, "index"> & { images: ImageAddresses }) {
  const { t } = useTranslation();
  const { form, text, images } = props;
  const blocks = useFieldArray({ control: form.control, name: "blocks" });
  const kinds = useWatch({ control: form.control, name: "blocks" }).map((block) => block.kind);
  const [removed, setRemoved] = useState<{ block: CmsBlock; index: number } | null>(null);

  return (
    <Box component="section" aria-labelledby="cms-blocks-heading">
      <Typography id="cms-blocks-heading" component="h2" variant="h6" gutterBottom>
        {t("cmsPages.blocks.title")}
      </Typography>
      <Stack spacing={2}>
        {blocks.fields.length === 0 ? <Typography color="text.secondary">{t("cmsPages.blocks.none")}</Typography> : null}
        {blocks.fields.map((field, index) => {
          const kind = kinds[index] ?? field.kind;
          const name = t("cmsPages.blocks.numbered", { number: index + 1, kind: t(`cmsPages.blocks.kinds.${kind}`) });
          return (
            <EditorRowCard
              key={field.id}
              title={name}
              removeLabel={t("cmsPages.blocks.remove", { name })}
              onRemove={() => {
                setRemoved({ block: structuredClone(form.getValues(`blocks.${index}`)), index });
                blocks.remove(index);
              }}
              actions={<MoveButtons name={name} index={index} count={blocks.fields.length} onMove={(to) => blocks.move(index, to)} />}
            >
              <BlockForm kind={kind} form={form} index={index} text={text} images={images} />
            </EditorRowCard>
          );
        })}
        {removed ? (
          <Alert
            severity="info"
            role="status"
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  blocks.insert(Math.min(removed.index, blocks.fields.length), removed.block);
                  setRemoved(null);
                }}
              >
                {t("cmsPages.blocks.undo")}
              </Button>
            }
            onClose={() => setRemoved(null)}
            slotProps={{ closeButton: { title: t("cmsPages.blocks.dismiss") } }}
          >
            {t("cmsPages.blocks.removed", { kind: t(`cmsPages.blocks.kinds.${removed.block.kind}`) })}
          </Alert>
        ) : null}
        {text("blocks") ? (
          <Typography color="error" variant="body2" role="alert">
            {text("blocks")}
          </Typography>
        ) : null}
        <AddBlockMenu
          disabled={blocks.fields.length >= CMS_LIMITS.blocks}
          onAdd={(kind) => {
            setRemoved(null);
            blocks.append(newBlock(kind));
          }}
        />
      </Stack>
    </Box>
  );
}
