import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import FitScreenOutlined from "@mui/icons-material/FitScreenOutlined";
import ZoomIn from "@mui/icons-material/ZoomIn";
import ZoomOut from "@mui/icons-material/ZoomOut";
import { Alert, Box, CircularProgress, IconButton, Link, Stack, Tooltip, Typography } from "@mui/material";
import { GlobalWorkerOptions, getDocument, InvalidPDFException, type PDFDocumentProxy, type RenderTask } from "pdfjs-dist";
// The worker is an asset of our own build, served from our origin (the CSP allows workers from 'self' only).
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { nextZoom, type Zoom, zoomScale } from "./pdf-zoom.ts";

GlobalWorkerOptions.workerSrc = workerUrl;

type Loaded = { state: "loading" } | { state: "ready"; pdf: PDFDocumentProxy } | { state: "failed"; reason: "notPdf" | "unreadable" };

/**
 * A PDF shown in the app with pdf.js, one page at a time on a canvas: previous/next, page N of
 * M, zoom in/out and fit to width (the default, so a phone shows the whole page width). The
 * page area takes the arrow keys, Page Up/Down and +/-; the buttons do the same for pointers.
 * This module is loaded lazily (ActivityPlayer.tsx), so pdf.js is fetched only with a document.
 */
export function PdfViewer({ url, name, data }: { url: string; name: string; data?: Blob }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState<Zoom>({ kind: "fit" });
  const [width, setWidth] = useState(0);
  const [rendered, setRendered] = useState<{ page: number; scale: number } | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const fitScale = useRef(1);

  useEffect(() => {
    setLoaded({ state: "loading" });
    setPageNumber(1);
    let live = true;
    let task: ReturnType<typeof getDocument> | null = null;
    const start = async () => {
      // A copy kept on the device (issue 43) is read from memory: offline, and without a request.
      const source = data ? { data: new Uint8Array(await data.arrayBuffer()) } : { url };
      if (!live) return;
      task = getDocument(source);
      task.promise.then(
        (pdf) => setLoaded({ state: "ready", pdf }),
        (error: unknown) => {
          // A destroyed task (the viewer left) rejects too: nothing to show then.
          if ((error as Error)?.name === "AbortException") return;
          setLoaded({ state: "failed", reason: error instanceof InvalidPDFException ? "notPdf" : "unreadable" });
        },
      );
    };
    void start();
    return () => {
      live = false;
      void task?.destroy();
    };
  }, [url, data]);

  // Fit to width follows the frame: a phone turned sideways, a resized window. A ref callback
  // (with React 19's cleanup), since the frame comes and goes with a failed load.
  const observeFrame = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const pdf = loaded.state === "ready" ? loaded.pdf : null;
  useEffect(() => {
    if (!pdf || !canvas.current || width === 0) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    void pdf.getPage(pageNumber).then((page) => {
      const target = canvas.current;
      if (cancelled || !target) return;
      const natural = page.getViewport({ scale: 1 });
      fitScale.current = width / natural.width;
      const scale = zoomScale(zoom, fitScale.current);
      const viewport = page.getViewport({ scale });
      // Sharp on high-density screens: the bitmap has the device's pixels, the box the CSS size.
      const density = window.devicePixelRatio || 1;
      target.width = Math.floor(viewport.width * density);
      target.height = Math.floor(viewport.height * density);
      target.style.width = `${Math.floor(viewport.width)}px`;
      target.style.height = `${Math.floor(viewport.height)}px`;
      task = page.render({ canvas: target, viewport, transform: density === 1 ? undefined : [density, 0, 0, density, 0, 0] });
      task.promise.then(
        () => !cancelled && setRendered({ page: pageNumber, scale }),
        () => undefined, // Cancelled by the next render.
      );
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, pageNumber, zoom, width]);

  if (loaded.state === "failed") {
    return (
      <Alert severity="error" data-testid="pdf-error">
        {t(loaded.reason === "notPdf" ? "activities.pdf.notPdf" : "activities.pdf.unreadable")}
      </Alert>
    );
  }
  const pages = pdf?.numPages ?? 0;
  const go = (page: number) => setPageNumber(Math.min(Math.max(page, 1), Math.max(pages, 1)));
  const zoomBy = (direction: 1 | -1) => setZoom((current) => nextZoom(current, fitScale.current, direction));
  const onKeyDown = (event: KeyboardEvent) => {
    const actions: Record<string, () => void> = {
      ArrowLeft: () => go(pageNumber - 1),
      PageUp: () => go(pageNumber - 1),
      ArrowRight: () => go(pageNumber + 1),
      PageDown: () => go(pageNumber + 1),
      Home: () => go(1),
      End: () => go(pages),
      "+": () => zoomBy(1),
      "=": () => zoomBy(1),
      "-": () => zoomBy(-1),
      "0": () => setZoom({ kind: "fit" }),
    };
    const action = actions[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    action();
  };
  const percent = Math.round(zoomScale(zoom, fitScale.current) * 100);
  const tool = (label: string, icon: ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled || !pdf}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  return (
    <Box component="section" aria-label={t("activities.pdf.region", { name })} data-testid="pdf-viewer" sx={{ maxWidth: 928 }}>
      {/* Two groups, paging and zoom, that wrap as wholes on a narrow screen. */}
      <Stack
        direction="row"
        useFlexGap
        sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", rowGap: 0.5, mb: 1, p: 0.5, borderRadius: 1, bgcolor: "action.hover" }}
      >
        <Stack direction="row" sx={{ alignItems: "center" }}>
          {tool(t("activities.pdf.previous"), <ChevronLeft />, () => go(pageNumber - 1), pageNumber <= 1)}
          <Typography component="p" variant="body2" aria-live="polite" sx={{ minWidth: 96, textAlign: "center" }} data-testid="pdf-page">
            {pages ? t("activities.pdf.page", { page: pageNumber, pages }) : t("activities.pdf.loading")}
          </Typography>
          {tool(t("activities.pdf.next"), <ChevronRight />, () => go(pageNumber + 1), pageNumber >= pages)}
        </Stack>
        <Stack direction="row" sx={{ alignItems: "center" }}>
          {tool(t("activities.pdf.zoomOut"), <ZoomOut />, () => zoomBy(-1))}
          <Typography component="p" variant="body2" sx={{ minWidth: 48, textAlign: "center" }} data-testid="pdf-zoom">
            {pdf ? `${percent} %` : ""}
          </Typography>
          {tool(t("activities.pdf.zoomIn"), <ZoomIn />, () => zoomBy(1))}
          {tool(t("activities.pdf.fitWidth"), <FitScreenOutlined />, () => setZoom({ kind: "fit" }), zoom.kind === "fit")}
        </Stack>
      </Stack>
      <Box
        ref={observeFrame}
        // Focusable so the keys work and a zoomed page scrolls from the keyboard too.
        tabIndex={0}
        role="group"
        aria-label={t("activities.pdf.pageArea")}
        onKeyDown={onKeyDown}
        sx={{
          position: "relative",
          overflow: "auto",
          maxHeight: "80vh",
          minHeight: 160,
          // A margin of grey around the page, so its white edges show (fit to width fits inside it).
          p: 1,
          bgcolor: "grey.200",
          borderRadius: 1,
          "&:focus-visible": { outline: "3px solid", outlineColor: "primary.main", outlineOffset: 2 },
        }}
      >
        {pdf ? null : (
          <Box sx={{ display: "grid", placeItems: "center", minHeight: 160 }}>
            <CircularProgress aria-label={t("activities.pdf.loading")} />
          </Box>
        )}
        <Box
          component="canvas"
          ref={canvas}
          role="img"
          aria-label={t("activities.pdf.pageImage", { page: pageNumber, pages, name })}
          data-rendered-page={rendered?.page ?? 0}
          sx={{ display: pdf ? "block" : "none", mx: "auto", bgcolor: "common.white", boxShadow: 1 }}
        />
      </Box>
      <Link href={url} target="_blank" rel="noopener" variant="body2" sx={{ display: "inline-block", mt: 1 }}>
        {t("activities.pdf.open")}
      </Link>
    </Box>
  );
}
