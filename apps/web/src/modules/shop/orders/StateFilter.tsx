import { SHOP_ORDER_STATES, type ShopOrderState } from "@clinic/shared";
import { MenuItem, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";

/** Narrows an order list to one state; "" shows them all. */
export function StateFilter({ value, onChange }: { value: string; onChange: (state: ShopOrderState | "") => void }) {
  const { t } = useTranslation();
  const known = (SHOP_ORDER_STATES as readonly string[]).includes(value) ? value : "";
  return (
    <TextField
      select
      size="small"
      label={t("shopOrders.list.stateFilter")}
      value={known}
      onChange={(event) => onChange(event.target.value as ShopOrderState | "")}
      sx={{ minWidth: 180 }}
      // "" is "all states", a choice of its own: shown, with the label above it.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{t("shopOrders.list.allStates")}</MenuItem>
      {SHOP_ORDER_STATES.map((state) => (
        <MenuItem key={state} value={state}>
          {t(`shopOrders.states.${state}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The state in the address, when it is one. */
export const stateParam = (value: string): ShopOrderState | "" => ((SHOP_ORDER_STATES as readonly string[]).includes(value) ? (value as ShopOrderState) : "");
