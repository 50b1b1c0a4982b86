import { formatCents, type ShopBundle, type ShopStore } from "@clinic/shared";
import { Box, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useResource } from "../../../lib/resource.ts";
import { useCan } from "./access.ts";
import { BUNDLES_KEY, bundlesPath, deleteBundle, EVERY_MANAGE_LIST } from "./api.ts";
import { BundleDialog } from "./BundleDialog.tsx";
import { partLabel } from "./bundle-form.ts";
import { ManageList, useDeleteConfirm } from "../../../lib/components/ManageList.tsx";
import type { ManageColumn } from "../../../lib/components/ManageTable.tsx";
import { ActiveChip } from "./ProductsSection.tsx";
import { StoreScope } from "./StoreScope.tsx";

function Bundles({ store }: { store: ShopStore }) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const bundles = useResource<ShopBundle[]>([...BUNDLES_KEY, store.id], bundlesPath(store.id));
  const deletion = useDeleteConfirm<ShopBundle>({
    title: t("shopManage.bundles.deleteTitle"),
    text: (bundle) => t("shopManage.bundles.deleteText", { name: bundle.name }),
    run: (bundle) => deleteBundle(bundle.id),
    invalidate: [...EVERY_MANAGE_LIST],
    deleted: (bundle) => t("shopManage.bundles.deleted", { name: bundle.name }),
  });
  const money = (cents: number) => formatCents(cents, store.currency, i18n.language);
  const columns: ManageColumn<ShopBundle>[] = [
    {
      key: "price",
      title: t("shopManage.bundles.price"),
      align: "right",
      cell: (bundle) => <span style={{ whiteSpace: "nowrap" }}>{money(bundle.priceCents)}</span>,
    },
    {
      key: "parts",
      title: t("shopManage.bundles.items"),
      cell: (bundle) => (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {bundle.items.map((item) => (
            <li key={item.variantId}>{t("shopManage.bundles.part", { quantity: item.quantity, name: partLabel(item.product, item.variant, item.sku) })}</li>
          ))}
        </Box>
      ),
    },
    {
      key: "separately",
      title: t("shopManage.bundles.separately"),
      align: "right",
      cell: (bundle) => {
        const saving = bundle.partsCents - bundle.priceCents;
        return (
          <Box component="span" sx={{ whiteSpace: "nowrap" }}>
            {money(bundle.partsCents)}
            <Typography component="span" variant="body2" sx={{ display: "block", color: saving > 0 ? "success.dark" : "warning.dark" }}>
              {saving > 0 ? t("shopManage.bundles.saving", { amount: money(saving) }) : t("shopManage.bundles.noSaving")}
            </Typography>
          </Box>
        );
      },
    },
    { key: "stock", title: t("shopManage.bundles.stock"), align: "right", cell: (bundle) => bundle.stock },
    { key: "state", title: t("shopManage.state"), cell: (bundle) => <ActiveChip active={bundle.active} /> },
  ];
  return (
    <ManageList
      intro={t("shopManage.bundles.intro")}
      addLabel={t("shopManage.bundles.add")}
      canAdd={can("add_bundle")}
      canEdit={can("change_bundle")}
      onDelete={can("delete_bundle") ? deletion.ask : undefined}
      rows={bundles.data}
      loading={bundles.isLoading}
      rowKey={(bundle) => bundle.id}
      title={{ key: "name", title: t("shopManage.name"), cell: (bundle) => bundle.name }}
      columns={columns}
      label={t("shopManage.bundles.listLabel")}
      emptyText={t("shopManage.bundles.empty")}
      nameOf={(bundle) => bundle.name}
      dialog={({ row, open, onClose }) => <BundleDialog store={store} bundle={row} open={open} onClose={onClose} />}
    >
      {deletion.dialog}
    </ManageList>
  );
}

/** Bundles (issue 20.3): variants sold together at a price of their own; their stock follows their scarcest part. */
export function BundlesPage() {
  return <StoreScope>{(store) => <Bundles key={store.id} store={store} />}</StoreScope>;
}
