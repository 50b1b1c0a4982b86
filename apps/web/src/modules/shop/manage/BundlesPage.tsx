import { formatCents, type ShopBundle, type ShopStore } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import { Box, Button, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { Loading } from "../../../lib/components/Loading.tsx";
import { useResource } from "../../../lib/resource.ts";
import { useCan } from "./access.ts";
import { BUNDLES_KEY, bundlesPath, deleteBundle, EVERY_MANAGE_LIST } from "./api.ts";
import { BundleDialog } from "./BundleDialog.tsx";
import { partLabel } from "./bundle-form.ts";
import { useShopAction } from "./forms.ts";
import { type ManageColumn, ManageTable } from "./ManageTable.tsx";
import { EditDeleteButtons } from "./MoneyField.tsx";
import { ActiveChip } from "./ProductsSection.tsx";
import { StoreScope } from "./StoreScope.tsx";

function Bundles({ store }: { store: ShopStore }) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const bundles = useResource<ShopBundle[]>([...BUNDLES_KEY, store.id], bundlesPath(store.id));
  const [editing, setEditing] = useState<ShopBundle | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ShopBundle | null>(null);
  const remove = useShopAction((bundle: ShopBundle) => deleteBundle(bundle.id), {
    invalidate: [...EVERY_MANAGE_LIST],
    success: (_, bundle) => t("shopManage.bundles.deleted", { name: bundle.name }),
    onSuccess: () => setDeleting(null),
    onFailure: () => setDeleting(null),
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
  const canEdit = can("change_bundle");
  const canDelete = can("delete_bundle");
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{t("shopManage.bundles.intro")}</Typography>
      {can("add_bundle") ? (
        <div>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {t("shopManage.bundles.add")}
          </Button>
        </div>
      ) : null}
      {bundles.isLoading ? <Loading /> : null}
      <ManageTable
        rows={bundles.data}
        rowKey={(bundle) => bundle.id}
        title={{ key: "name", title: t("shopManage.name"), cell: (bundle) => bundle.name }}
        columns={columns}
        label={t("shopManage.bundles.listLabel")}
        emptyText={t("shopManage.bundles.empty")}
        actions={
          canEdit || canDelete
            ? (bundle) => (
                <EditDeleteButtons
                  name={bundle.name}
                  onEdit={canEdit ? () => setEditing(bundle) : undefined}
                  onDelete={canDelete ? () => setDeleting(bundle) : undefined}
                />
              )
            : undefined
        }
      />
      <BundleDialog
        store={store}
        bundle={editing}
        open={adding || editing !== null}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t("shopManage.bundles.deleteTitle")}
        text={t("shopManage.bundles.deleteText", { name: deleting?.name ?? "" })}
        confirmLabel={t("shopManage.delete")}
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}

/** Bundles (issue 20.3): variants sold together at a price of their own; their stock follows their scarcest part. */
export function BundlesPage() {
  return <StoreScope>{(store) => <Bundles key={store.id} store={store} />}</StoreScope>;
}
