import { FORM_FIELD_TYPES, type FormFieldType } from "@clinic/shared";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import ArrowDownward from "@mui/icons-material/ArrowDownward";
import ArrowUpward from "@mui/icons-material/ArrowUpward";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import DragIndicator from "@mui/icons-material/DragIndicator";
import { Box, Checkbox, FormControlLabel, IconButton, MenuItem, Paper, Stack, TextField, Tooltip, Typography } from "@mui/material";
import { type Control, type UseFormRegister, type UseFormSetValue, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { BuilderValues } from "../builder-model.ts";
import { TypeSettings } from "./TypeSettings.tsx";

export interface QuestionCardProps {
  /** The sortable's id (react-hook-form's id of the row). */
  id: string;
  index: number;
  count: number;
  control: Control<BuilderValues>;
  register: UseFormRegister<BuilderValues>;
  setValue: UseFormSetValue<BuilderValues>;
  errorOf: (path: string) => string | undefined;
  onMove: (direction: "up" | "down") => void;
  onRemove: () => void;
  onType: (type: FormFieldType) => void;
  nextOptionValue: () => string;
}

/** One question being built: drag handle and move buttons, type, label, help, required, then its type's settings. */
export function QuestionCard(props: QuestionCardProps) {
  const { id, index, count, control, register, errorOf } = props;
  const { t } = useTranslation();
  const sortable = useSortable({ id });
  const type = useWatch({ control, name: `fields.${index}.type` }) as FormFieldType;
  const key = useWatch({ control, name: `fields.${index}.key` }) as string;
  const label = useWatch({ control, name: `fields.${index}.label` }) as string;
  const required = useWatch({ control, name: `fields.${index}.required` }) as boolean;
  const number = index + 1;
  const named = label?.trim() ? `${number}. ${label.trim()}` : String(number);
  const path = (name: string) => `fields.${index}.${name}` as "fields.0.label";

  return (
    <Paper
      ref={sortable.setNodeRef}
      variant="outlined"
      component="li"
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
      sx={{ p: 2, listStyle: "none", position: "relative", zIndex: sortable.isDragging ? 2 : undefined, boxShadow: sortable.isDragging ? 6 : undefined }}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", mb: 1.5 }}>
        <Tooltip title={t("dynamicForms.builder.dragHint")}>
          <IconButton
            {...sortable.attributes}
            {...sortable.listeners}
            aria-label={t("dynamicForms.builder.drag", { name: named })}
            sx={{ cursor: "grab", touchAction: "none" }}
          >
            <DragIndicator />
          </IconButton>
        </Tooltip>
        <Typography sx={{ fontWeight: 600, flex: 1 }}>
          {t("dynamicForms.builder.questionNumber", { number })}{" "}
          <Typography component="span" variant="caption" color="text.secondary">
            ({key})
          </Typography>
        </Typography>
        <IconButton aria-label={t("dynamicForms.builder.moveUp", { name: named })} disabled={index === 0} onClick={() => props.onMove("up")}>
          <ArrowUpward />
        </IconButton>
        <IconButton aria-label={t("dynamicForms.builder.moveDown", { name: named })} disabled={index === count - 1} onClick={() => props.onMove("down")}>
          <ArrowDownward />
        </IconButton>
        <IconButton aria-label={t("dynamicForms.builder.remove", { name: named })} onClick={props.onRemove}>
          <DeleteOutline />
        </IconButton>
      </Stack>
      <Stack spacing={1.5}>
        <TextField
          select
          size="small"
          label={t("dynamicForms.builder.type")}
          value={type}
          onChange={(event) => props.onType(event.target.value as FormFieldType)}
          sx={{ maxWidth: 280 }}
        >
          {FORM_FIELD_TYPES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`dynamicForms.types.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={type === "section" ? t("dynamicForms.builder.heading") : t("dynamicForms.builder.label")}
          required
          {...register(path("label"))}
          error={!!errorOf(path("label")) || !!errorOf(path("key"))}
          helperText={errorOf(path("label")) ?? errorOf(path("key"))}
          fullWidth
        />
        <TextField
          size="small"
          label={t("dynamicForms.builder.help")}
          {...register(path("help"))}
          error={!!errorOf(path("help"))}
          helperText={errorOf(path("help"))}
          multiline
          fullWidth
        />
        {type === "section" ? null : (
          <FormControlLabel
            control={
              <Checkbox checked={!!required} onChange={(event) => props.setValue(path("required"), event.target.checked as never, { shouldDirty: true })} />
            }
            label={t("dynamicForms.builder.required")}
          />
        )}
        <Box>
          <TypeSettings
            index={index}
            control={control}
            register={register}
            setValue={props.setValue}
            errorOf={errorOf}
            nextOptionValue={props.nextOptionValue}
          />
        </Box>
      </Stack>
    </Paper>
  );
}
