/**
 * Server-paged sections: the page starts with the first page the build
 * rendered (or, with `loaded: false`, fetches it at once), and fetches again
 * when the page, page size or filters change.
 */
import { useEffect, useRef, useState } from 'react';
import { getJson } from '../../stores/company.ts';

interface Request {
  page: number;
  pageSize: number;
  /** Changes of this key (the filters) go back to page 1. */
  filterKey: string;
}

interface Shown<T> extends Request {
  rows: T[];
  total: number;
  loaded: boolean;
}

export function useServerPages<T>(
  initial: { rows: T[]; total: number; pageSize: number; loaded?: boolean },
  pathFor: (page: number, pageSize: number) => string,
  read: (body: unknown) => { rows: T[]; total: number },
  filterKey = '',
) {
  const [shown, setShown] = useState<Shown<T>>({ ...initial, loaded: initial.loaded ?? true, page: 1, filterKey });
  const [request, setRequest] = useState<Request>({ page: 1, pageSize: initial.pageSize, filterKey });
  const [failed, setFailed] = useState(false);
  const first = useRef(initial.loaded ?? true);

  // New filters start again at page 1 (state adjusted while rendering, as React recommends).
  if (filterKey !== request.filterKey) {
    setRequest({ ...request, page: 1, filterKey });
    setFailed(false);
  }

  useEffect(() => {
    // The first page is already on the page (when the build rendered it).
    if (first.current) {
      first.current = false;
      return;
    }
    let live = true;
    getJson<unknown>(pathFor(request.page, request.pageSize))
      .then((body) => live && setShown({ ...read(body), ...request, loaded: true }))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
    // pathFor and read are recreated each render; the request says when to fetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);

  const busy =
    !failed &&
    (!shown.loaded ||
      request.page !== shown.page ||
      request.pageSize !== shown.pageSize ||
      request.filterKey !== shown.filterKey);
  return {
    rows: shown.rows,
    total: shown.total,
    loaded: shown.loaded,
    page: shown.page,
    pageSize: shown.pageSize,
    busy,
    failed,
    setPage: (page: number) => {
      setFailed(false);
      setRequest((r) => ({ ...r, page }));
    },
    setPageSize: (pageSize: number) => {
      setFailed(false);
      setRequest((r) => ({ ...r, page: 1, pageSize }));
    },
  };
}
