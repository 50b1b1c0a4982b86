import type { ShopOrder } from "@clinic/shared";
import { pdfBlocks, pdfFields, pdfHeading, pdfPageFooters, pdfParagraphs, pdfTable, renderPdf } from "../../platform/pdf.ts";

/**
 * An order's packing slip (issue 20.1): what goes in the parcel or over the counter, with SKUs,
 * quantities and where it goes; no prices (the customer's email and order page carry those).
 * Bundles are listed as sold. In the manager's language.
 */

const TEXTS = {
  en: {
    title: "Packing slip",
    order: "Order",
    date: "Date",
    state: "State",
    from: "From",
    to: "Deliver to",
    collect: "Collect at the store",
    item: "Item",
    sku: "SKU",
    quantity: "Quantity",
    packed: "Packed",
    note: "Customer's note",
    units: (units: number) => `${units} units in all`,
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
  es: {
    title: "Albarán",
    order: "Pedido",
    date: "Fecha",
    state: "Estado",
    from: "Remite",
    to: "Entregar a",
    collect: "Recogida en la tienda",
    item: "Artículo",
    sku: "SKU",
    quantity: "Cantidad",
    packed: "Preparado",
    note: "Nota del cliente",
    units: (units: number) => `${units} unidades en total`,
    page: (page: number, pages: number) => `Página ${page} de ${pages}`,
  },
} as const;

export function renderPackingSlip(order: ShopOrder, language: string): Promise<Buffer> {
  const t = TEXTS[language === "es" ? "es" : "en"];
  const title = `${t.title} ${order.number}`;
  return renderPdf(
    (doc) => {
      pdfHeading(doc, title);
      pdfFields(doc, [
        [t.order, order.number],
        [t.date, order.createdAt.slice(0, 10)],
      ]);
      doc.moveDown();
      pdfBlocks(doc, [
        { title: t.from, lines: [order.store.name, order.store.address] },
        {
          title: order.fulfilment === "ship" ? t.to : t.collect,
          lines: [order.customer.name, order.customer.email, ...(order.fulfilment === "ship" ? order.address.split(/\r?\n/) : [])],
        },
      ]);
      pdfTable(
        doc,
        [
          { header: t.item, width: 56 },
          { header: t.sku, width: 20 },
          { header: t.quantity, width: 12, align: "right" },
          { header: t.packed, width: 12, align: "center" },
        ],
        order.lines.map((line) => [line.name, line.sku, String(line.quantity), "[   ]"]),
      );
      pdfParagraphs(doc, [t.units(order.lines.reduce((units, line) => units + line.quantity, 0))], { bold: true });
      if (order.note) {
        doc.moveDown();
        pdfParagraphs(doc, [`${t.note}: ${order.note}`]);
      }
      pdfPageFooters(doc, (page, pages) => `${order.number}  ·  ${t.page(page, pages)}`);
    },
    { title, author: order.store.name, language: language === "es" ? "es" : "en" },
  );
}
