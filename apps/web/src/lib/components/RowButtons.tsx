import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { IconButton, Tooltip } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A row's icon button: its name is the tooltip and the accessible name. */
export function RowButton({ label, onClick, color, children }: { label: string; onClick: () => void; color?: "error"; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={onClick} color={color} size="small">
        {children}
      </IconButton>
    </Tooltip>
  );
}

/** A row's edit and delete buttons, each shown only when the user may (named after the row for screen readers). */
export function EditDeleteButtons({ name, onEdit, onDelete }: { name: string; onEdit?: () => void; onDelete?: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {onEdit ? (
        <RowButton label={t("manageList.editNamed", { name })} onClick={onEdit}>
          <EditOutlined fontSize="small" />
        </RowButton>
      ) : null}
      {onDelete ? (
        <RowButton label={t("manageList.deleteNamed", { name })} onClick={onDelete} color="error">
          <DeleteOutline fontSize="small" />
        </RowButton>
      ) : null}
    </>
  );
}
