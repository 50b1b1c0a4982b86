import type { FormAssignmentState } from "@clinic/shared";
import AssignmentOutlined from "@mui/icons-material/AssignmentOutlined";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlineOutlined";
import EditNoteOutlined from "@mui/icons-material/EditNoteOutlined";
import MarkEmailReadOutlined from "@mui/icons-material/MarkEmailReadOutlined";
import { Chip, type ChipProps } from "@mui/material";
import type { ReactElement } from "react";
import { useTranslation } from "react-i18next";

// An icon and a word on every chip: the state never rests on colour alone.
const LOOKS: Record<FormAssignmentState, { icon: ReactElement; color: ChipProps["color"] }> = {
  assigned: { icon: <AssignmentOutlined />, color: "default" },
  inProgress: { icon: <EditNoteOutlined />, color: "warning" },
  submitted: { icon: <MarkEmailReadOutlined />, color: "info" },
  reviewed: { icon: <CheckCircleOutline />, color: "success" },
};

/** Where an answered form stands: submitted (waiting for its review) or reviewed; the earlier states for completeness. */
export function ResultStateChip({ state }: { state: FormAssignmentState }) {
  const { t } = useTranslation();
  const look = LOOKS[state];
  return <Chip size="small" variant="outlined" color={look.color} icon={look.icon} label={t(`formResults.state.${state}`)} />;
}
