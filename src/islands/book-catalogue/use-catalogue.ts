/**
 * The catalogue's state in the URL (search, filters, page) and its page of books: the latest
 * request wins, a page past the end goes back to the first page, a book change elsewhere
 * (`$catalogueVersion`) reloads.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useUrlTableState } from '../../components/data-table/use-url-table-state';
import { fetchBookPage } from '../../lib/api/books';
import { catalogueFailure, catalogueResult, type CatalogueResult } from '../../lib/catalogue-results';
import { CATALOGUE_SPEC, catalogueQuery, catalogueSearch, parseCatalogueState, withCatalogueChange, type CatalogueFilter } from '../../lib/catalogue-query';
import { $catalogueVersion } from '../../stores/catalogue';

export function useCatalogue() {
  const [state, update] = useUrlTableState(CATALOGUE_SPEC);
  const [result, setResult] = useState<CatalogueResult>({ kind: 'loading' });
  const version = useStore($catalogueVersion);
  const request = useRef(0);

  // `state` is a new object on every change; its URL form says whether anything really changed.
  const stateKey = catalogueSearch(state);
  const load = useCallback(async () => {
    const current = parseCatalogueState(stateKey);
    const id = ++request.current;
    setResult({ kind: 'loading' });
    try {
      const page = await fetchBookPage(catalogueQuery(current));
      if (id === request.current) setResult(catalogueResult(page));
    } catch (error) {
      if (id !== request.current) return;
      const failure = catalogueFailure(error, current.page);
      if (failure.kind === 'to-first-page') update((latest) => ({ ...latest, page: 1 }), 'replace');
      else setResult(failure);
    }
  }, [stateKey, update]);

  useEffect(() => {
    void load();
  }, [load, version]);

  // Server-side search as the filters report it; typing on refines the same history entry.
  const search = useCallback((text: string) => update((current) => withCatalogueChange(current, { search: text }), 'replace'), [update]);
  const setFilter = (name: CatalogueFilter, value: string) => update((current) => withCatalogueChange(current, { filter: [name, value] }));
  const goToPage = (page: number) => update((current) => ({ ...current, page }));
  const clearAll = () => update((current) => ({ ...current, search: '', filters: { category: '', department: '', language: '', available: '' }, page: 1 }));
  const filtered = state.search !== '' || Object.values<string>(state.filters).some(Boolean);

  return { state, result, load, search, setFilter, goToPage, clearAll, filtered };
}
