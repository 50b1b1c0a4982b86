import type { ShopStore } from "@clinic/shared";
import { Alert, Box, Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams } from "react-router";
import { useCan } from "./access.ts";
import { SCREENS, withStore } from "./api.ts";
import { CategoriesPanel } from "./CategoriesPanel.tsx";
import { ProductsSection } from "./ProductsSection.tsx";
import { StoreScope, useCategories } from "./StoreScope.tsx";

function ProductsScreen({ store, categoryParam }: { store: ShopStore; categoryParam: string | undefined }) {
  const { t } = useTranslation();
  const can = useCan();
  const categories = useCategories(store.id);
  const wanted = categoryParam === undefined ? null : Number(categoryParam);
  const category = wanted === null ? null : (categories.data?.find((one) => one.id === wanted) ?? null);
  // An old or shared address can name a category of another store, or one deleted since.
  const unknown = wanted !== null && categories.data !== undefined && category === null;
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "240px minmax(0, 1fr)" }, gap: 3, alignItems: "start" }}>
      <CategoriesPanel store={store} categories={categories.data} chosen={category?.id ?? null} canEdit={can("change_category")} />
      {unknown ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={withStore(SCREENS.products, store.id)} color="inherit" size="small">
              {t("shopManage.categories.all")}
            </Button>
          }
        >
          {t("shopManage.categories.notHere", { store: store.name })}
        </Alert>
      ) : can("change_product") ? (
        <ProductsSection store={store} categories={categories.data ?? []} category={category} waiting={wanted !== null && !categories.data} />
      ) : (
        <Alert severity="info">{t("shopManage.products.notAllowed")}</Alert>
      )}
    </Box>
  );
}

/**
 * The product manager (`shopManager`, and `shopCategory` for one category): the store's
 * categories beside its products, which are searched, filtered and paged on the server.
 */
export function ProductsPage() {
  const { category } = useParams();
  return <StoreScope path={SCREENS.products}>{(store) => <ProductsScreen key={store.id} store={store} categoryParam={category} />}</StoreScope>;
}
