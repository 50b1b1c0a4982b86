import { FILES_PAGE_SIZE, type FileRecord, type Paged } from "@clinic/shared";
import { useEffect, useState } from "react";
import { useResource } from "../../../lib/resource.ts";
import { FILES_KEY } from "./api.ts";

/** Server-side paging (5 a page by default, spec §9), name search and a type filter for the files list. */
export function useFileList() {
  const [page, setPage] = useState(1);
  const [rowsPerPage, setRowsPerPage] = useState(FILES_PAGE_SIZE);
  const [search, setSearch] = useState("");
  const [value, setValue] = useState("");
  const [type, setType] = useState("");

  useEffect(() => {
    const timer = setTimeout(() => {
      setValue(search.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);

  const params = new URLSearchParams({ page: String(page), rowsPerPage: String(rowsPerPage), name: "name" });
  if (value) params.set("value", value);
  if (type) params.set("type", type);
  const { data, network } = useResource<Paged<FileRecord>>([FILES_KEY, params.toString()], `/api/files/?${params}`);
  return {
    rows: data?.data,
    total: data?.total ?? 0,
    page,
    rowsPerPage,
    search,
    type,
    loading: network.isFetching,
    onSearch: setSearch,
    onType: (next: string) => {
      setType(next);
      setPage(1);
    },
    onPage: setPage,
    onRowsPerPage: (rows: number) => {
      setRowsPerPage(rows);
      setPage(1);
    },
  };
}
