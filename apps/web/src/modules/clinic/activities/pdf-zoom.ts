/** A PDF's zoom: fit to the frame's width (the default), or a fixed scale of the page's size. */
export type Zoom = { kind: "fit" } | { kind: "scale"; scale: number };

/** The scales zooming in and out steps through (1 is the page's own size at 96 dpi). */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;

export function zoomScale(zoom: Zoom, fitScale: number): number {
  return zoom.kind === "fit" ? fitScale : zoom.scale;
}

/**
 * One step in or out from what is shown now (fit to width included): the next step above or
 * below the current scale; past the last step in that direction, what is shown stays.
 */
export function nextZoom(current: Zoom, fitScale: number, direction: 1 | -1): Zoom {
  const scale = zoomScale(current, fitScale);
  const steps = direction === 1 ? ZOOM_STEPS.filter((step) => step > scale + 0.001) : ZOOM_STEPS.filter((step) => step < scale - 0.001).reverse();
  const next = steps[0];
  return next === undefined ? current : { kind: "scale", scale: next };
}
