import { describe, expect, test } from 'vitest';
import {
  CATALOGUE_PAGE_SIZE,
  availabilityBadge,
  bookCountText,
  catalogueQuery,
  catalogueSearch,
  copiesText,
  coverUrls,
  defaultCatalogueState,
  pageLabel,
  parseCatalogueState,
  statusText,
  withCatalogueChange,
} from '../../../src/lib/catalogue-query';

describe('catalogue URL state', () => {
  test('a plain visit reads as everything on the first page and writes no query', () => {
    const state = parseCatalogueState('');
    expect(state).toEqual({
      search: '',
      filters: { category: '', department: '', language: '', available: '' },
      ordering: '',
      page: 1,
      pageSize: CATALOGUE_PAGE_SIZE,
    });
    expect(catalogueSearch(state)).toBe('');
  });

  test.each([
    ['?search=dune&category=3&department=2&language=5&available=true&page=4', '?search=dune&category=3&department=2&language=5&available=true&page=4'],
    ['?search=%20dune%20', '?search=dune'],
    ['?available=yes', '?available=true'],
    ['?available=no', ''],
    ['?category=abc&department=-1&language=0', ''],
    ['?page=0', ''],
    ['?page=abc', ''],
    ['?page=1', ''],
    ['?page_size=100&ordering=-title', ''],
    ['?search=a%26b', '?search=a%26b'],
  ])('%s round-trips as %s', (query, expected) => {
    expect(catalogueSearch(parseCatalogueState(query))).toBe(expected);
  });

  test('the page size is always 24, whatever the URL says', () => {
    expect(parseCatalogueState('?page_size=50').pageSize).toBe(24);
    expect(catalogueQuery(parseCatalogueState('?page_size=50')).page_size).toBe(24);
  });

  test('the list call carries the search, filters and page, ordered by title', () => {
    const query = catalogueQuery(parseCatalogueState('?search=dune&category=3&available=true&page=2'));
    expect(query).toEqual({
      search: 'dune',
      category: '3',
      department: '',
      language: '',
      available: true,
      ordering: 'title',
      page: 2,
      page_size: 24,
    });
  });

  test('changing the search or a filter goes back to the first page', () => {
    const onPage3 = { ...defaultCatalogueState(), page: 3 };
    expect(withCatalogueChange(onPage3, { search: 'tolkien' })).toMatchObject({ search: 'tolkien', page: 1 });
    const filtered = withCatalogueChange(onPage3, { filter: ['language', '7'] });
    expect(filtered.page).toBe(1);
    expect(filtered.filters.language).toBe('7');
    expect(onPage3.filters.language).toBe('');
  });

  test.each([
    [1, 0, 'Page 1 of 1'],
    [1, 24, 'Page 1 of 1'],
    [2, 25, 'Page 2 of 2'],
    [3, 100_000, 'Page 3 of 4,167'],
  ])('page %i with %i books reads "%s"', (page, count, label) => {
    expect(pageLabel(page, count)).toBe(label);
  });

  test.each([
    [0, '0 books'],
    [1, '1 book'],
    [1234, '1,234 books'],
  ])('%i results read "%s"', (count, text) => {
    expect(bookCountText(count)).toBe(text);
  });
});

describe('availability badge', () => {
  test.each([
    ['ACTIVE', 3, 'Available', 'success'],
    ['ACTIVE', '1', 'Available', 'success'],
    ['ACTIVE', 0, 'All copies out', 'warning'],
    ['ACTIVE', '0', 'All copies out', 'warning'],
    ['LOST', 2, 'Lost', 'danger'],
    ['LOST', 0, 'Lost', 'danger'],
    ['WRITE_OFF', 5, 'Written off', 'neutral'],
    ['SOMETHING_NEW', 1, 'Available', 'success'],
  ] as const)('status %s with %s copies on the shelf shows "%s"', (status, available, label, tone) => {
    expect(availabilityBadge({ status, available_copies: available })).toEqual({ label, tone });
  });

  test.each([
    [2, 5, '2 / 5'],
    ['0', '1', '0 / 1'],
    [1200, 1500, '1,200 / 1,500'],
  ])('%s of %s copies read "%s"', (available, total, text) => {
    expect(copiesText({ available_copies: available, total_copies: total })).toBe(text);
  });
});

describe('profile details', () => {
  test.each([
    [{ status: 'ACTIVE', status_reason: null }, 'Active'],
    [{ status: 'LOST', status_reason: 'Not returned by a graduate' }, 'Lost: Not returned by a graduate'],
    [{ status: 'WRITE_OFF', status_reason: '  Water damage ' }, 'Written off: Water damage'],
    [{ status: 'WRITE_OFF', status_reason: '' }, 'Written off'],
    [{ status: 'ACTIVE', status_reason: 'left over' }, 'Active'],
  ])('status %o reads "%s"', (book, text) => {
    expect(statusText(book)).toBe(text);
  });

  test.each([
    [{ cover_photo: 'a.png', cover_photos: ['a.png', 'b.png'] }, ['a.png', 'b.png']],
    [{ cover_photo: 'a.png', cover_photos: [] }, ['a.png']],
    [{ cover_photo: 'a.png' }, ['a.png']],
    [{ cover_photo: null, cover_photos: null }, []],
  ])('covers of %o are %o', (book, urls) => {
    expect(coverUrls(book)).toEqual(urls);
  });
});
