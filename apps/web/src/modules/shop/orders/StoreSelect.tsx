import type { ShopStore } from "@clinic/shared";
import { MenuItem, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";

/**
 * The store a screen shows, kept in the address as `?store=`: the one given there when the reader
 * may see it, else the first. None when there is no store.
 */
export function chosenStore<T extends Pick<ShopStore, "id">>(stores: readonly T[] | undefined, param: string): T | undefined {
  if (!stores) return undefined;
  return stores.find((store) => String(store.id) === param) ?? stores[0];
}

/** The choice of store, shown only when there is more than one to choose from. */
export function StoreSelect({ stores, value, onChange }: { stores: readonly ShopStore[]; value: number; onChange: (id: number) => void }) {
  const { t } = useTranslation();
  if (stores.length < 2) return null;
  return (
    <TextField
      select
      size="small"
      label={t("shopOrders.store")}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 200, maxWidth: "100%" }}
    >
      {stores.map((store) => (
        <MenuItem key={store.id} value={store.id}>
          {store.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
