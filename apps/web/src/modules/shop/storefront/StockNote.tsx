import { Typography } from "@mui/material";
import { useTranslation } from "react-i18next";

/** Few units left are worth saying; "In stock" otherwise. */
export const FEW_LEFT = 5;

/** Whether it can be bought, in words and colour. */
export function StockNote({ stock }: { stock: number }) {
  const { t } = useTranslation();
  if (stock <= 0) return <Typography sx={{ fontWeight: 600, color: "error.main" }}>{t("shopStore.outOfStock")}</Typography>;
  return (
    <Typography sx={{ fontWeight: 600, color: stock <= FEW_LEFT ? "warning.main" : "success.main" }}>
      {stock <= FEW_LEFT ? t("shopStore.fewLeft", { count: stock }) : t("shopStore.inStock")}
    </Typography>
  );
}
