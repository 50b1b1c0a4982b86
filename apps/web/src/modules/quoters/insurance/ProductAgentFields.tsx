import { type InsuranceProductRow, type Paged, QUOTER_API, type UserSummary } from "@clinic/shared";
import { MenuItem, TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type PickerOption, SearchPicker } from "../../../lib/components/SearchPicker.tsx";
import { useResource } from "../../../lib/resource.ts";
import { AGENTS_PATH, QUOTER_KEY, useQuoterAbilities } from "./api.ts";

/** Every product for the filter (an archived one still has its quotes and policies). */
const PRODUCTS_PATH = `${QUOTER_API.products}?rowsPerPage=100`;

/** The product and agent a list of quotes or policies is narrowed to ("" for any). */
export function useProductAgentFilter() {
  const [productId, setProductId] = useState("");
  const [agent, setAgent] = useState<PickerOption | null>(null);
  return { productId, setProductId, agent, setAgent, filters: { productId, agentId: agent?.id ?? "" } };
}

/** The product select and, for an admin, the agent picker of the quotes and policies lists. */
export function ProductAgentFields({ filter }: { filter: ReturnType<typeof useProductAgentFilter> }) {
  const { t } = useTranslation();
  const { isAdmin } = useQuoterAbilities();
  const products = useResource<Paged<InsuranceProductRow>>([QUOTER_KEY, "all-products"], PRODUCTS_PATH, { quiet: true });
  return (
    <>
      <TextField
        select
        size="small"
        label={t("quoter.fields.product")}
        value={filter.productId}
        onChange={(event) => filter.setProductId(event.target.value)}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ width: { xs: "100%", sm: 200 } }}
      >
        <MenuItem value="">{t("quoter.list.allProducts")}</MenuItem>
        {(products.data?.data ?? []).map((product) => (
          <MenuItem key={product.id} value={String(product.id)}>
            {product.code}
          </MenuItem>
        ))}
      </TextField>
      {isAdmin ? (
        <SearchPicker<UserSummary>
          path={AGENTS_PATH}
          queryKey={[QUOTER_KEY, "agents"]}
          toOption={(user) => ({ id: user.id, label: `${user.nombres} ${user.apellidos}`.trim() || user.email })}
          value={filter.agent}
          onChange={filter.setAgent}
          label={t("quoter.fields.agent")}
          noOptionsText={t("quoter.list.noAgents")}
          size="small"
          sx={{ width: { xs: "100%", sm: 220 } }}
        />
      ) : null}
    </>
  );
}
