import { Table } from "@mui/material";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ColumnHeads } from "./ColumnHeads.tsx";

describe("ColumnHeads", () => {
  it("heads each column with a th scoped to it, in order, a figures' column aligned right", () => {
    const html = renderToString(
      <Table>
        <ColumnHeads columns={["Description", { label: "Amount", align: "right" }]} />
      </Table>,
    );
    const heads = [...html.matchAll(/<th\b([^>]*)>([^<]*)<\/th>/g)].map(([, attributes, label]) => ({ attributes, label }));
    expect(heads.map((head) => head.label)).toEqual(["Description", "Amount"]);
    for (const head of heads) expect(head.attributes).toContain('scope="col"');
    expect(heads[0]?.attributes).not.toContain("MuiTableCell-alignRight");
    expect(heads[1]?.attributes).toContain("MuiTableCell-alignRight");
    expect(html).toContain("<thead");
  });
});
