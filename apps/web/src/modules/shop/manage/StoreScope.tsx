import type { ShopCategory, ShopStore } from "@clinic/shared";
import StorefrontOutlined from "@mui/icons-material/StorefrontOutlined";
import { Alert, Button, MenuItem, Stack, TextField } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from "react-router";
import { Loading } from "../../../lib/components/Loading.tsx";
import { useResource } from "../../../lib/resource.ts";
import { useSignedIn } from "../../../lib/session.ts";
import { useCan } from "./access.ts";
import { CATEGORIES_KEY, categoriesPath, SCREENS, STORES_KEY, STORES_PATH } from "./api.ts";

/** The stores the user manages: every store for administrators, their clinic's for the others. */
export function useStores() {
  return useResource<ShopStore[]>([...STORES_KEY], STORES_PATH);
}

/** The store's categories, with how many products each holds. */
export function useCategories(storeId: number) {
  return useResource<ShopCategory[]>([...CATEGORIES_KEY, storeId], categoriesPath(storeId));
}

/** The store `?store=` names when it is one of `stores`, else the first (the URL may be old or shared). */
export function chosenStore(stores: readonly ShopStore[], param: string | null): ShopStore | null {
  return stores.find((store) => String(store.id) === param) ?? stores[0] ?? null;
}

/** A store's name in a list; administrators see every clinic's, so theirs carry the clinic. */
export function storeLabel(store: ShopStore, withClinic: boolean): string {
  return withClinic ? `${store.name} · ${store.clinic.name}` : store.name;
}

interface StoreScopeProps {
  /** Where a change of store goes (default: this screen); a category belongs to one store, so its screen goes back to all products. */
  path?: string;
  /** Controls beside the store choice (the screen's main button). */
  actions?: (store: ShopStore) => ReactNode;
  children: (store: ShopStore) => ReactNode;
}

/**
 * The top of every management screen: which store it works on, kept in the URL as `?store=`,
 * chosen here when the user has several. With none yet it says so and, to those who may,
 * offers the store manager.
 */
export function StoreScope({ path, actions, children }: StoreScopeProps) {
  const { t } = useTranslation();
  const session = useSignedIn();
  const can = useCan();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const stores = useStores();
  if (!stores.data) return stores.network.error ? <Alert severity="error">{t("shopManage.stores.loadFailed")}</Alert> : <Loading />;
  const store = chosenStore(stores.data, params.get("store"));
  if (!store)
    return (
      <Alert severity="info" icon={<StorefrontOutlined />}>
        {can("change_store") ? t("shopManage.stores.noneYetManager") : t("shopManage.stores.noneYet")}
        {can("change_store") ? (
          <Button
            component={RouterLink}
            to={SCREENS.stores}
            variant="outlined"
            color="inherit"
            size="small"
            sx={{ display: "flex", width: "fit-content", mt: 1 }}
          >
            {t("shopManage.stores.open")}
          </Button>
        ) : null}
      </Alert>
    );
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {stores.data.length > 1 || actions ? (
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" }, flexWrap: "wrap", rowGap: 2 }}>
          {stores.data.length > 1 ? (
            <TextField
              select
              size="small"
              label={t("shopManage.stores.store")}
              value={String(store.id)}
              onChange={(event) => navigate({ pathname: path ?? location.pathname, search: `?store=${event.target.value}` })}
              sx={{ minWidth: { sm: 260 }, maxWidth: { sm: 420 } }}
            >
              {stores.data.map((one) => (
                <MenuItem key={one.id} value={String(one.id)}>
                  {storeLabel(one, session.isAdmin)}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          {actions?.(store)}
        </Stack>
      ) : null}
      {children(store)}
    </Stack>
  );
}
