import AddIcon from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { Box, Button, FormHelperText, IconButton, Stack, TextField, Tooltip, Typography } from "@mui/material";
import { type Control, type UseFormRegister, useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { BuilderValues } from "../builder-model.ts";
import { NumberSetting } from "./NumberSetting.tsx";

/** A choice question's choices: label and optional score each; at least two. */
export function ChoiceOptions({
  index,
  control,
  register,
  errorOf,
  nextValue,
}: {
  index: number;
  control: Control<BuilderValues>;
  register: UseFormRegister<BuilderValues>;
  errorOf: (path: string) => string | undefined;
  nextValue: () => string;
}) {
  const { t } = useTranslation();
  const name = `fields.${index}.options` as "fields.0.options";
  const options = useFieldArray({ control, name } as never) as unknown as ReturnType<typeof useFieldArray<BuilderValues, "fields.0.options">>;
  const listError = errorOf(name);
  return (
    <Box>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        {t("dynamicForms.builder.choices")}
      </Typography>
      <Stack spacing={1}>
        {options.fields.map((option, optionIndex) => (
          <Stack key={option.id} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
            <TextField
              size="small"
              label={t("dynamicForms.builder.choiceLabel", { number: optionIndex + 1 })}
              {...register(`${name}.${optionIndex}.label` as "fields.0.options.0.label")}
              error={!!errorOf(`${name}.${optionIndex}.label`) || !!errorOf(`${name}.${optionIndex}.value`)}
              helperText={errorOf(`${name}.${optionIndex}.label`) ?? errorOf(`${name}.${optionIndex}.value`)}
              sx={{ flex: 1, minWidth: 0 }}
            />
            <NumberSetting
              control={control}
              name={`${name}.${optionIndex}.score` as "fields.0.options.0.score"}
              label={t("dynamicForms.builder.score")}
              error={errorOf(`${name}.${optionIndex}.score`)}
              width={90}
            />
            <Tooltip title={t("dynamicForms.builder.removeChoice", { number: optionIndex + 1 })}>
              <span>
                <IconButton
                  aria-label={t("dynamicForms.builder.removeChoice", { number: optionIndex + 1 })}
                  onClick={() => options.remove(optionIndex)}
                  disabled={options.fields.length <= 2}
                >
                  <DeleteOutline />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>
        ))}
      </Stack>
      {listError ? <FormHelperText error>{listError}</FormHelperText> : null}
      <Button size="small" startIcon={<AddIcon />} onClick={() => options.append({ value: nextValue(), label: "", score: null })} sx={{ mt: 1 }}>
        {t("dynamicForms.builder.addChoice")}
      </Button>
      <FormHelperText>{t("dynamicForms.builder.scoreHint")}</FormHelperText>
    </Box>
  );
}
