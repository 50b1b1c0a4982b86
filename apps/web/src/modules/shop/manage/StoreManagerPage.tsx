import type { ShopStore } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import EditOutlined from "@mui/icons-material/EditOutlined";
import Inventory2Outlined from "@mui/icons-material/Inventory2Outlined";
import StorefrontOutlined from "@mui/icons-material/StorefrontOutlined";
import { Alert, Avatar, Button, Chip, Stack, Typography } from "@mui/material";
import { formatCents } from "@clinic/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { Loading } from "../../../lib/components/Loading.tsx";
import { useSignedIn } from "../../../lib/session.ts";
import { formatTaxRate } from "../../clinic/billing/format.ts";
import { SCREENS, withStore } from "./api.ts";
import { type ManageColumn, ManageTable } from "../../../lib/components/ManageTable.tsx";
import { RowButton } from "../../../lib/components/RowButtons.tsx";
import { StoreDialog } from "./StoreDialog.tsx";
import { useStores } from "./StoreScope.tsx";

/** Open or closed in words and with an icon, never by colour alone. */
export function OpenChip({ open }: { open: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" variant="outlined" color={open ? "success" : "default"} label={open ? t("shopManage.stores.isOpen") : t("shopManage.stores.isClosed")} />
  );
}

/**
 * The store manager (issue 20): the stores one runs, each with its currency, tax, flat shipping
 * and whether it sells now; created and edited in a dialog. Administrators create them for a clinic.
 */
export function StoreManagerPage() {
  const { t, i18n } = useTranslation();
  const session = useSignedIn();
  const stores = useStores();
  const [editing, setEditing] = useState<ShopStore | null>(null);
  const [adding, setAdding] = useState(false);
  const title: ManageColumn<ShopStore> = {
    key: "name",
    title: t("shopManage.name"),
    cell: (store) => (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }} component="span">
        <Avatar src={store.logoUrl ?? undefined} alt="" variant="rounded" sx={{ width: 32, height: 32 }}>
          <StorefrontOutlined fontSize="small" />
        </Avatar>
        <span>{store.name}</span>
      </Stack>
    ),
  };
  const columns: ManageColumn<ShopStore>[] = [
    ...(session.isAdmin ? [{ key: "clinic", title: t("shopManage.stores.clinic"), cell: (store: ShopStore) => store.clinic.name }] : []),
    { key: "currency", title: t("shopManage.stores.currency"), cell: (store) => store.currency },
    { key: "tax", title: t("shopManage.stores.taxRate"), align: "right", cell: (store) => formatTaxRate(store.taxRateBp, i18n.language) },
    {
      key: "shipping",
      title: t("shopManage.stores.shipping"),
      align: "right",
      cell: (store) => formatCents(store.shippingCents, store.currency, i18n.language),
    },
    { key: "open", title: t("shopManage.stores.state"), cell: (store) => <OpenChip open={store.open} /> },
  ];
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{session.isAdmin ? t("shopManage.stores.introAdmin") : t("shopManage.stores.intro")}</Typography>
      <div>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t("shopManage.stores.add")}
        </Button>
      </div>
      {stores.network.error ? <Alert severity="error">{t("shopManage.stores.loadFailed")}</Alert> : null}
      {stores.isLoading ? <Loading /> : null}
      <ManageTable
        rows={stores.data}
        rowKey={(store) => store.id}
        title={title}
        columns={columns}
        label={t("shopManage.stores.listLabel")}
        emptyText={t("shopManage.stores.empty")}
        actions={(store, nameId) => (
          <>
            <RowButton label={t("shopManage.editNamed", { name: store.name })} onClick={() => setEditing(store)}>
              <EditOutlined fontSize="small" />
            </RowButton>
            <Button
              size="small"
              component={RouterLink}
              to={withStore(SCREENS.products, store.id)}
              aria-describedby={nameId}
              startIcon={<Inventory2Outlined fontSize="small" />}
            >
              {t("shopManage.stores.products")}
            </Button>
          </>
        )}
      />
      <StoreDialog
        open={adding || editing !== null}
        store={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
    </Stack>
  );
}
