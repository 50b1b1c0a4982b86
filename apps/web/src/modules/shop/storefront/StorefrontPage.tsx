import type { Paged, ShopCategory, ShopStore, StorefrontItem } from "@clinic/shared";
import StorefrontOutlined from "@mui/icons-material/StorefrontOutlined";
import { Alert, Box, Chip, Pagination, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { ListLoading } from "../../../lib/components/ListPagination.tsx";
import { Loading } from "../../../lib/components/Loading.tsx";
import { SearchField } from "../../../lib/components/SearchField.tsx";
import { useResource } from "../../../lib/resource.ts";
import { type useUrlParams, useUrlSearch } from "../orders/url-params.ts";
import { CATEGORIES_KEY, categoriesPath, ITEMS_KEY, itemsPath } from "./api.ts";
import { ItemCard } from "./ItemCard.tsx";
import { StoreHeader } from "./StoreHeader.tsx";
import { useStorefrontStore } from "./useStores.ts";
import { emptyListText } from "../../../lib/empty-list.ts";

/** Twelve cards fill whole rows of two, three or four columns. */
const PAGE_SIZE = 12;
/** The cards of the first two rows of a wide screen: what shows without scrolling. */
const FIRST_ROWS = 8;

/** shopStorefront: the stores a user can buy at, one at a time: its categories, search and products. */
export function StorefrontPage() {
  const { stores, store, network, url, choose } = useStorefrontStore();
  if (!stores) return network.error ? <Alert severity="warning">{network.message}</Alert> : <Loading />;
  if (!store) return <NoStore />;
  return <Storefront stores={stores} store={store} url={url} onStore={choose} key={store.id} />;
}

function NoStore() {
  const { t } = useTranslation();
  return (
    <Box sx={{ maxWidth: 560, mx: "auto", textAlign: "center", py: 6 }}>
      <StorefrontOutlined sx={{ fontSize: 64, color: "text.secondary" }} aria-hidden />
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        {t("shopStore.noStoreTitle")}
      </Typography>
      <Typography color="text.secondary">{t("shopStore.noStoreText")}</Typography>
    </Box>
  );
}

interface StorefrontProps {
  stores: ShopStore[];
  store: ShopStore;
  url: ReturnType<typeof useUrlParams>;
  onStore: (id: number) => void;
}

function Storefront({ stores, store, url, onStore }: StorefrontProps) {
  const { t } = useTranslation();
  const search = useUrlSearch(url);
  const category = url.get("category");
  const { data: categories } = useResource<ShopCategory[]>([CATEGORIES_KEY, store.id], categoriesPath(store.id), { quiet: true });
  const query = new URLSearchParams({ page: String(url.page), rowsPerPage: String(PAGE_SIZE) });
  const q = url.get("q");
  if (q) query.set("q", q);
  if (category) query.set("category", category);
  const path = itemsPath(store.id);
  const { data, network } = useResource<Paged<StorefrontItem>>([ITEMS_KEY, path, query.toString()], `${path}?${query}`);
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <Stack spacing={2.5} sx={{ minWidth: 0, maxWidth: 1400 }}>
      <StoreHeader stores={stores} store={store} onStore={onStore} />
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} useFlexGap sx={{ alignItems: { md: "center" } }}>
        <SearchField label={t("shopStore.search")} value={search.text} onChange={search.setText} />
        {categories && categories.length > 0 ? (
          <Stack
            component="ul"
            direction="row"
            useFlexGap
            aria-label={t("shopStore.categories")}
            sx={{ flexWrap: "wrap", gap: 1, listStyle: "none", p: 0, m: 0 }}
          >
            {[{ id: "", name: t("shopStore.allCategories") }, ...categories].map((one) => {
              const chosen = String(one.id) === category;
              return (
                <li key={one.id}>
                  <Chip
                    label={one.name}
                    color={chosen ? "primary" : "default"}
                    variant={chosen ? "filled" : "outlined"}
                    aria-pressed={chosen}
                    onClick={() => url.set({ category: one.id })}
                  />
                </li>
              );
            })}
          </Stack>
        ) : null}
      </Stack>
      <ListLoading loading={network.isFetching} labels="catalogue" />
      {network.error && !data ? <Alert severity="warning">{network.message}</Alert> : null}
      {data && data.data.length === 0 ? (
        <Typography color="text.secondary">
          {emptyListText(t, q ?? "", category ? "shopStore.noneInCategory" : "shopStore.empty", "shopStore.noMatch")}
        </Typography>
      ) : null}
      {data && data.data.length > 0 ? (
        <Box
          component="ul"
          aria-label={t("shopStore.itemsOf", { store: store.name })}
          sx={{
            listStyle: "none",
            p: 0,
            m: 0,
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", sm: "repeat(3, minmax(0, 1fr))", lg: "repeat(4, minmax(0, 1fr))" },
          }}
        >
          {data.data.map((item, index) => (
            <li key={`${item.kind}-${item.id}`}>
              <ItemCard item={item} currency={store.currency} eager={index < FIRST_ROWS} />
            </li>
          ))}
        </Box>
      ) : null}
      {pages > 1 ? (
        <Pagination
          count={pages}
          page={Math.min(url.page, pages)}
          onChange={(_, page) => url.set({ page })}
          sx={{ alignSelf: "center" }}
          getItemAriaLabel={(type, page, selected) =>
            type === "page" ? t(selected ? "shopStore.pageCurrent" : "shopStore.pageNumber", { page }) : t(`catalogue.page.${type}`)
          }
        />
      ) : null}
    </Stack>
  );
}
