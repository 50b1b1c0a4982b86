import { FORM_FIELD_TYPES, type FormFieldType } from "@clinic/shared";
import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import AddIcon from "@mui/icons-material/Add";
import { Alert, Box, Button, Menu, MenuItem, Stack, Typography } from "@mui/material";
import { useId, useState } from "react";
import { type Control, type UseFormGetValues, type UseFormRegister, type UseFormSetValue, useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type BuilderValues, blankField, canMove } from "../builder-model.ts";
import { QuestionCard } from "./QuestionCard.tsx";

/**
 * The questions, in order: added by type, reordered by dragging (mouse, touch, or the keyboard:
 * focus a handle, Space, arrows, Space) or with each question's Move up / Move down buttons.
 */
export function QuestionList({
  control,
  register,
  setValue,
  getValues,
  errorOf,
  nextKey,
  nextOptionValue,
}: {
  control: Control<BuilderValues>;
  register: UseFormRegister<BuilderValues>;
  setValue: UseFormSetValue<BuilderValues>;
  getValues: UseFormGetValues<BuilderValues>;
  errorOf: (path: string) => string | undefined;
  nextKey: () => string;
  nextOptionValue: (questionKey: string) => string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const questions = useFieldArray({ control, name: "fields" });
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: string | number) => questions.fields.findIndex((field) => field.id === id) + 1;
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = questions.fields.findIndex((field) => field.id === active.id);
    const to = questions.fields.findIndex((field) => field.id === over.id);
    if (from >= 0 && to >= 0) questions.move(from, to);
  };
  const add = (type: FormFieldType) => {
    setMenu(null);
    questions.append(blankField(type, nextKey()));
  };
  const listError = errorOf("fields");

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h6" component="h2" id={headingId} sx={{ mb: 1 }}>
        {t("dynamicForms.builder.questions")}
      </Typography>
      {listError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {listError}
        </Alert>
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: t("dynamicForms.builder.dragInstructions") },
          announcements: {
            onDragStart: ({ active }) => t("dynamicForms.builder.dragStart", { from: position(active.id) }),
            onDragOver: ({ active, over }) => (over ? t("dynamicForms.builder.dragOver", { from: position(active.id), to: position(over.id) }) : undefined),
            onDragEnd: ({ active, over }) => (over ? t("dynamicForms.builder.dragEnd", { from: position(active.id), to: position(over.id) }) : undefined),
            onDragCancel: ({ active }) => t("dynamicForms.builder.dragCancel", { from: position(active.id) }),
          },
        }}
      >
        <SortableContext items={questions.fields.map((field) => field.id)} strategy={verticalListSortingStrategy}>
          <Stack component="ol" spacing={1.5} sx={{ m: 0, p: 0 }}>
            {questions.fields.map((field, index) => (
              <QuestionCard
                key={field.id}
                id={field.id}
                index={index}
                count={questions.fields.length}
                control={control}
                register={register}
                setValue={setValue}
                errorOf={errorOf}
                onMove={(direction) => {
                  if (canMove(index, questions.fields.length, direction)) questions.move(index, direction === "up" ? index - 1 : index + 1);
                }}
                onRemove={() => questions.remove(index)}
                onType={(type) => {
                  // The row's own copy holds the values it was added with; the form holds what was typed since.
                  const current = getValues(`fields.${index}`);
                  questions.update(index, blankField(type, current.key, current));
                }}
                nextOptionValue={() => nextOptionValue(getValues(`fields.${index}.key`))}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      {questions.fields.length === 0 ? <Typography color="text.secondary">{t("dynamicForms.builder.noQuestions")}</Typography> : null}
      <Button variant="outlined" startIcon={<AddIcon />} onClick={(event) => setMenu(event.currentTarget)} sx={{ mt: 2 }} aria-haspopup="menu">
        {t("dynamicForms.builder.addQuestion")}
      </Button>
      <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
        {FORM_FIELD_TYPES.map((type) => (
          <MenuItem key={type} onClick={() => add(type)}>
            {t(`dynamicForms.types.${type}`)}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
