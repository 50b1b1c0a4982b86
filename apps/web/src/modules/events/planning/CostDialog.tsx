import { COST_CATEGORIES, type EventCostView, PLANNING_LIMITS } from "@clinic/shared";
import { MenuItem, TextField } from "@mui/material";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { SwitchField } from "../../../lib/components/SwitchField.tsx";
import { useAction } from "../../../lib/resource.ts";
import { costLists, createCost, updateCost } from "./api.ts";
import { type CostFormValues, costBody, costFormValues, fieldText } from "./planning-form.ts";

/** The server's fields, as the form names them. */
const FIELD_OF: Record<string, keyof CostFormValues> = {
  category: "category",
  supplier: "supplier",
  description: "description",
  plannedCents: "planned",
  actualCents: "actual",
  paid: "paid",
};

/** Add a budget line to the event, or change `cost`: amounts typed as decimals of the event's currency. */
export function CostDialog(props: { open: boolean; eventId: number; currency: string; cost: EventCostView | null; onClose: () => void }) {
  const { open, eventId, currency, cost, onClose } = props;
  const { t, i18n } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<CostFormValues>({ defaultValues: costFormValues(null, currency, i18n.language) });
  const { reset } = form;
  useEffect(() => {
    if (open) {
      reset(costFormValues(cost, currency, i18n.language));
      setProblem(null);
    }
  }, [open, cost, currency, i18n.language, reset]);
  const save = useAction((input: NonNullable<ReturnType<typeof costBody>["input"]>) => (cost ? updateCost(cost.id, input) : createCost(eventId, input)), {
    invalidate: costLists(eventId),
    success: () => t(cost ? "eventPlanning.notices.costEdited" : "eventPlanning.notices.costCreated"),
    onFieldErrors: (fields) => {
      const rest: string[] = [];
      for (const [field, messages] of Object.entries(fields)) {
        const own = FIELD_OF[field];
        if (own) form.setError(own, { type: "server", message: fieldText(t, messages) });
        else rest.push(...messages);
      }
      setProblem(rest.length > 0 ? (fieldText(t, rest) ?? null) : null);
    },
    onSuccess: () => onClose(),
  });
  const errors = form.formState.errors;
  const amountLabel = (label: string) => t("eventPlanning.costs.amountIn", { label, currency });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={cost ? t("eventPlanning.costs.edit") : t("eventPlanning.costs.add")}
      onSubmit={form.handleSubmit((values) => {
        const { input, errors: wrong } = costBody(values, currency);
        for (const field of wrong) form.setError(field, { type: "format", message: t("eventPlanning.costs.amountInvalid") });
        if (!input) return;
        setProblem(null);
        save.mutate(input);
      })}
      pending={save.isPending}
      problem={problem}
      phoneFullScreen
    >
      <Controller
        control={form.control}
        name="category"
        render={({ field }) => (
          <TextField
            select
            label={t("eventPlanning.costs.category")}
            required
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            error={!!errors.category}
            helperText={errors.category?.message}
          >
            {COST_CATEGORIES.map((category) => (
              <MenuItem key={category} value={category}>
                {t(`eventPlanning.categories.${category}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        label={t("eventPlanning.costs.supplier")}
        {...form.register("supplier")}
        error={!!errors.supplier}
        helperText={errors.supplier?.message}
        slotProps={{ htmlInput: { maxLength: PLANNING_LIMITS.supplier } }}
      />
      <TextField
        label={t("eventPlanning.costs.description")}
        multiline
        minRows={2}
        {...form.register("description")}
        error={!!errors.description}
        helperText={errors.description?.message}
        slotProps={{ htmlInput: { maxLength: PLANNING_LIMITS.description } }}
      />
      <TextField
        label={amountLabel(t("eventPlanning.costs.planned"))}
        required
        {...form.register("planned")}
        error={!!errors.planned}
        helperText={errors.planned?.message}
        slotProps={{ htmlInput: { inputMode: "decimal" } }}
      />
      <TextField
        label={amountLabel(t("eventPlanning.costs.actual"))}
        {...form.register("actual")}
        error={!!errors.actual}
        helperText={errors.actual?.message ?? t("eventPlanning.costs.actualHint")}
        slotProps={{ htmlInput: { inputMode: "decimal" } }}
      />
      <SwitchField control={form.control} name="paid" label={t("eventPlanning.costs.paid")} />
    </FormDialog>
  );
}
