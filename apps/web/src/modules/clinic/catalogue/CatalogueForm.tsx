import { DESCRIPTION_MAX, NAME_MAX } from "@clinic/shared";
import { Box, Button, Card, CardContent, CardHeader, MenuItem, Stack, TextField } from "@mui/material";
import type { Control, FieldErrors, UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { RichTextField } from "../../../lib/components/RichTextField.tsx";

export interface CatalogueFormValues {
  name: string;
  description: string;
  categoryId?: number | null;
}

interface CatalogueFormProps {
  title: string;
  register: UseFormRegister<CatalogueFormValues>;
  control: Control<CatalogueFormValues>;
  errors: FieldErrors<CatalogueFormValues>;
  /** Shown as a select when given (recommendations are filed under a category). */
  categories?: { id: number; name: string }[];
  categoryValue?: number | null;
  onCategory?: (id: number | null) => void;
  busy: boolean;
  cancelTo: string;
  onSubmit: () => void;
}

/** Name and (rich-text) description with the limits of spec §5, shared by the catalogue's add and edit screens. */
export function CatalogueForm(props: CatalogueFormProps) {
  const { t } = useTranslation();
  const { errors } = props;
  return (
    <Card variant="outlined" sx={{ maxWidth: 760 }}>
      <CardHeader title={props.title} slotProps={{ title: { component: "h2" } }} />
      <CardContent>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            props.onSubmit();
          }}
        >
          <Stack spacing={2}>
            <TextField
              label={t("catalogue.name")}
              required
              {...props.register("name")}
              error={!!errors.name}
              helperText={errors.name?.message ?? t("catalogue.nameHint", { max: NAME_MAX })}
              slotProps={{ htmlInput: { maxLength: NAME_MAX + 20 } }}
            />
            <RichTextField control={props.control} name="description" label={t("catalogue.description")} required max={DESCRIPTION_MAX} />
            {props.categories ? (
              <TextField
                select
                label={t("catalogue.category")}
                value={props.categoryValue ?? ""}
                onChange={(event) => props.onCategory?.(event.target.value === "" ? null : Number(event.target.value))}
                error={!!errors.categoryId}
                helperText={errors.categoryId?.message}
              >
                <MenuItem value="">{t("catalogue.noCategory")}</MenuItem>
                {props.categories.map((category) => (
                  <MenuItem key={category.id} value={category.id}>
                    {category.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={props.busy}>
                {t("common.save")}
              </Button>
              <Button component={RouterLink} to={props.cancelTo}>
                {t("common.cancel")}
              </Button>
            </Stack>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
