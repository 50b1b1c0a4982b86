/**
 * Kept for screen readers, out of sight: usable as `style` and as MUI `sx` alike. Sizes are
 * strings because in `sx` a bare 1 means 100 %, which once widened a phone's page.
 */
export const VISUALLY_HIDDEN = {
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;
