import { formatCents, type ShopDiscount, type ShopStore } from "@clinic/shared";
import { Chip, type ChipProps } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api.ts";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { useAction, useResource } from "../../../lib/resource.ts";
import { formatTaxRate } from "../../clinic/billing/format.ts";
import { useCan } from "./access.ts";
import { DISCOUNTS_KEY, deleteDiscount, discountsPath, EVERY_MANAGE_LIST, updateDiscount } from "./api.ts";
import { discountInput, discountState } from "./discount-form.ts";
import { DiscountDialog } from "./DiscountDialog.tsx";
import { ManageList, useDeleteConfirm } from "../../../lib/components/ManageList.tsx";
import type { ManageColumn } from "../../../lib/components/ManageTable.tsx";
import { StoreScope } from "./StoreScope.tsx";

const STATE_COLORS: Record<ReturnType<typeof discountState>, ChipProps["color"]> = {
  running: "success",
  scheduled: "info",
  ended: "default",
  usedUp: "warning",
  off: "default",
};

function Discounts({ store }: { store: ShopStore }) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const discounts = useResource<ShopDiscount[]>([...DISCOUNTS_KEY, store.id], discountsPath(store.id));
  // Orders keep the discounts they used: such a one cannot go, and is offered to be switched off.
  const [used, setUsed] = useState<ShopDiscount | null>(null);
  const deletion = useDeleteConfirm<ShopDiscount>({
    title: t("shopManage.discounts.deleteTitle"),
    text: (discount) => t("shopManage.discounts.deleteText", { name: discount.title }),
    run: (discount) => deleteDiscount(discount.id),
    invalidate: [...EVERY_MANAGE_LIST],
    deleted: (discount) => t("shopManage.discounts.deleted", { name: discount.title }),
    onFailure: (failure, discount) => {
      if (failure instanceof ApiError && failure.status === 409) setUsed(discount);
    },
  });
  const switchOff = useAction((discount: ShopDiscount) => updateDiscount(discount.id, discountInput(discount, { active: false })), {
    invalidate: [...EVERY_MANAGE_LIST],
    success: (saved) => t("shopManage.discounts.switchedOff", { name: saved.title }),
    onSuccess: () => setUsed(null),
    onFailure: () => setUsed(null),
  });
  const now = Date.now();
  const amount = (discount: ShopDiscount) =>
    discount.kind === "percent" ? formatTaxRate(discount.value, i18n.language) : formatCents(discount.value, store.currency, i18n.language);
  const targets = (discount: ShopDiscount) => {
    const parts = [
      discount.products.length ? t("shopManage.discounts.productCount", { count: discount.products.length }) : "",
      discount.bundles.length ? t("shopManage.discounts.bundleCount", { count: discount.bundles.length }) : "",
      discount.categories.length ? t("shopManage.discounts.categoryCount", { count: discount.categories.length }) : "",
    ].filter(Boolean);
    return parts.length ? parts.join(", ") : t("shopManage.discounts.wholeOrder");
  };
  const when = (discount: ShopDiscount) => {
    if (!discount.startsAt && !discount.endsAt) return t("shopManage.discounts.always");
    if (!discount.endsAt) return t("shopManage.discounts.from", { date: formatDateTime(discount.startsAt) });
    if (!discount.startsAt) return t("shopManage.discounts.until", { date: formatDateTime(discount.endsAt) });
    return t("shopManage.range", { from: formatDateTime(discount.startsAt), to: formatDateTime(discount.endsAt) });
  };
  const columns: ManageColumn<ShopDiscount>[] = [
    {
      key: "code",
      title: t("shopManage.discounts.code"),
      cell: (discount) => (discount.code ? <code>{discount.code}</code> : <em>{t("shopManage.discounts.automaticShort")}</em>),
    },
    {
      key: "value",
      title: t("shopManage.discounts.value"),
      align: "right",
      cell: (discount) => <span style={{ whiteSpace: "nowrap" }}>{amount(discount)}</span>,
    },
    { key: "when", title: t("shopManage.discounts.when"), cell: when },
    { key: "targets", title: t("shopManage.discounts.appliesTo"), cell: targets },
    {
      key: "used",
      title: t("shopManage.discounts.used"),
      align: "right",
      cell: (discount) =>
        discount.usageLimit === null ? discount.used : t("shopManage.discounts.usedOf", { used: discount.used, limit: discount.usageLimit }),
    },
    {
      key: "state",
      title: t("shopManage.state"),
      cell: (discount) => {
        const state = discountState(discount, now);
        return <Chip size="small" variant="outlined" color={STATE_COLORS[state]} label={t(`shopManage.discounts.states.${state}`)} />;
      },
    },
  ];
  const canEdit = can("change_orderdiscount");
  const usedName = { name: used?.title ?? "" };
  const usedText = !used?.active
    ? t("shopManage.discounts.usedTextOff", usedName)
    : canEdit
      ? t("shopManage.discounts.usedText", usedName)
      : t("shopManage.discounts.usedTextNoSwitch", usedName);
  return (
    <ManageList
      intro={t("shopManage.discounts.intro")}
      addLabel={t("shopManage.discounts.add")}
      canAdd={can("add_orderdiscount")}
      canEdit={canEdit}
      onDelete={can("delete_orderdiscount") ? deletion.ask : undefined}
      rows={discounts.data}
      loading={discounts.isLoading}
      rowKey={(discount) => discount.id}
      title={{ key: "title", title: t("shopManage.discounts.titleField"), cell: (discount) => discount.title }}
      columns={columns}
      label={t("shopManage.discounts.listLabel")}
      emptyText={t("shopManage.discounts.empty")}
      nameOf={(discount) => discount.title}
      dialog={({ row, open, onClose }) => <DiscountDialog store={store} discount={row} open={open} onClose={onClose} />}
    >
      {deletion.dialog}
      <ConfirmDialog
        open={used !== null}
        title={t("shopManage.discounts.usedTitle")}
        text={usedText}
        confirmLabel={canEdit && used?.active ? t("shopManage.discounts.switchOff") : t("shopManage.close")}
        busy={switchOff.isPending}
        onConfirm={() => (used && canEdit && used.active ? switchOff.mutate(used) : setUsed(null))}
        onCancel={() => setUsed(null)}
      />
    </ManageList>
  );
}

/** Discounts (issue 20.3): codes and automatic offers of a store, with how often orders used each. */
export function DiscountsPage() {
  return <StoreScope>{(store) => <Discounts key={store.id} store={store} />}</StoreScope>;
}
