import { SHOP_VARIANTS_MAX } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import type { ReactNode } from "react";
import { Controller, type UseFormReturn, useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { VISUALLY_HIDDEN } from "../../../lib/visually-hidden.ts";
import { useFieldText } from "./forms.ts";
import { MoneyField } from "../../../lib/components/MoneyField.tsx";
import { newVariant, type ProductValues } from "./product-form.ts";

interface Cells {
  sku: ReactNode;
  name: ReactNode;
  price: ReactNode;
  stock: ReactNode;
  threshold: ReactNode;
  active: ReactNode;
  remove: ReactNode;
}

/**
 * A product's variants as rows (SKU, name such as a size or colour, price, stock, low-stock
 * threshold, on sale), added and removed in place. Each cell shows its own error, so the
 * server's `variants.1.sku` lands under the second row's SKU. A table from a tablet up, a
 * card per row on a phone.
 */
export function VariantsField({ form, currency }: { form: UseFormReturn<ProductValues>; currency: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("md"));
  const text = useFieldText(form);
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "variants", keyName: "key" });
  const listError = text("variants");

  const cellsOf = (index: number, saved: boolean, labelled: boolean): Cells => {
    const row = index + 1;
    const named = (column: string) =>
      labelled ? { label: t(`shopManage.variants.${column}`) } : { slotProps: { htmlInput: { "aria-label": t(`shopManage.variants.${column}Of`, { row }) } } };
    const at = (column: string) => `variants.${index}.${column}` as const;
    const small = { size: "small" as const, fullWidth: true };
    return {
      sku: (
        <TextField {...small} {...named("sku")} required {...form.register(`variants.${index}.sku`)} error={!!text(at("sku"))} helperText={text(at("sku"))} />
      ),
      name: <TextField {...small} {...named("name")} {...form.register(`variants.${index}.name`)} error={!!text(at("name"))} helperText={text(at("name"))} />,
      price: (
        <MoneyField
          {...small}
          currency={currency}
          {...(labelled ? { label: t("shopManage.variants.price") } : {})}
          slotProps={labelled ? undefined : { htmlInput: { "aria-label": t("shopManage.variants.priceOf", { row }) } }}
          required
          {...form.register(`variants.${index}.priceCents`)}
          error={!!text(at("priceCents"))}
          helperText={text(at("priceCents"))}
        />
      ),
      // A saved variant's stock moves only by counted adjustments (inventory): the form would be stale.
      stock: saved ? (
        <Typography variant="body2" sx={{ pt: labelled ? 0 : 1 }}>
          {labelled ? `${t("shopManage.variants.stock")}: ${form.getValues(`variants.${index}.stock`)}` : form.getValues(`variants.${index}.stock`)}
        </Typography>
      ) : (
        <TextField
          {...small}
          {...named("openingStock")}
          {...form.register(`variants.${index}.stock`)}
          error={!!text(at("stock"))}
          helperText={text(at("stock"))}
          slotProps={{ htmlInput: { inputMode: "numeric", ...(labelled ? {} : { "aria-label": t("shopManage.variants.openingStockOf", { row }) }) } }}
        />
      ),
      threshold: (
        <TextField
          {...small}
          {...named("threshold")}
          {...form.register(`variants.${index}.lowStockThreshold`)}
          error={!!text(at("lowStockThreshold"))}
          helperText={text(at("lowStockThreshold"))}
          slotProps={{ htmlInput: { inputMode: "numeric", ...(labelled ? {} : { "aria-label": t("shopManage.variants.thresholdOf", { row }) }) } }}
        />
      ),
      active: (
        <Controller
          name={`variants.${index}.active`}
          control={form.control}
          render={({ field }) =>
            labelled ? (
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                label={t("shopManage.variants.active")}
              />
            ) : (
              <Checkbox
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                slotProps={{ input: { "aria-label": t("shopManage.variants.activeOf", { row }) } }}
              />
            )
          }
        />
      ),
      remove: (
        <Tooltip title={t("shopManage.variants.remove", { row })}>
          <span>
            <IconButton aria-label={t("shopManage.variants.remove", { row })} onClick={() => remove(index)} disabled={fields.length <= 1} size="small">
              <DeleteOutline fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ),
    };
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t("shopManage.variants.title")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t("shopManage.variants.hint")} {fields.some((field) => field.id !== undefined) ? t("shopManage.variants.stockOnInventory") : null}
      </Typography>
      {phone ? (
        <Stack spacing={1.5}>
          {fields.map((field, index) => {
            const cells = cellsOf(index, field.id !== undefined, true);
            return (
              <Card key={field.key} variant="outlined" component="section" aria-label={t("shopManage.variants.row", { row: index + 1 })}>
                <CardContent>
                  <Stack spacing={1.5}>
                    <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center" }}>
                      <Typography variant="subtitle2">{t("shopManage.variants.row", { row: index + 1 })}</Typography>
                      {cells.remove}
                    </Stack>
                    {cells.sku}
                    {cells.name}
                    {cells.price}
                    {cells.stock}
                    {cells.threshold}
                    {cells.active}
                  </Stack>
                </CardContent>
              </Card>
            );
          })}
        </Stack>
      ) : (
        <TableContainer sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label={t("shopManage.variants.title")} sx={{ "& td": { verticalAlign: "top", px: 0.75 }, "& th": { px: 0.75 } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t("shopManage.variants.sku")}</TableCell>
                <TableCell>{t("shopManage.variants.name")}</TableCell>
                <TableCell sx={{ width: 140 }}>{t("shopManage.variants.price")}</TableCell>
                <TableCell sx={{ width: 110 }}>{t("shopManage.variants.stock")}</TableCell>
                <TableCell sx={{ width: 100 }}>{t("shopManage.variants.threshold")}</TableCell>
                <TableCell sx={{ width: 60 }}>{t("shopManage.variants.active")}</TableCell>
                <TableCell sx={{ width: 48 }}>
                  <Box component="span" sx={VISUALLY_HIDDEN}>
                    {t("shopManage.actions")}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {fields.map((field, index) => {
                const cells = cellsOf(index, field.id !== undefined, false);
                return (
                  <TableRow key={field.key}>
                    <TableCell>{cells.sku}</TableCell>
                    <TableCell>{cells.name}</TableCell>
                    <TableCell>{cells.price}</TableCell>
                    <TableCell>{cells.stock}</TableCell>
                    <TableCell>{cells.threshold}</TableCell>
                    <TableCell>{cells.active}</TableCell>
                    <TableCell>{cells.remove}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {listError ? (
        <FormHelperText error role="alert">
          {listError}
        </FormHelperText>
      ) : null}
      <Button startIcon={<AddIcon />} onClick={() => append(newVariant())} disabled={fields.length >= SHOP_VARIANTS_MAX} sx={{ mt: 1 }}>
        {t("shopManage.variants.add")}
      </Button>
    </Box>
  );
}
