import { CsvDownloadLink } from '../csv-download-link';
import '../zod-jitless';
import { ArrowLeft } from 'lucide-react';
import { Suspense } from 'react';
import { Await, Link } from 'react-router';
import type { Drink } from '../../../shared/api-types';
import { movesQuerySchema } from '../../../shared/stock-schemas';
import { type StockMove, type StockMovesPage, storeroom } from '../../../shared/stock-types';
import { fetchDrinks } from '../../api';
import { SelectField } from '../../components/ui/select-field';
import { pageLoader, reportLoadFailure } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { LoadFailed, Loading } from '../load-states';
import { PageSection } from '../page-section';
import { DayRangeFields, UrlFilterForm, UrlPagedList } from '../url-filtered-list';
import { usePageData } from '../use-page-data';
import { issueText } from '../validation';
import { fetchStockMoves, stockMovesCsvUrl } from './stock-api';

/** The moves list's filters, as they stand in its URL (GET /api/stock/moves takes them as they are). */
const moveParams = ['drink', 'place', 'from', 'to', 'page'] as const;

/**
 * /admin/stock/moves?drink=&place=&from=&to=&page=: the ledger, newest first, 50 a page, and its CSV. The
 * filters live in the URL, so "every Chang that left the storeroom last week" is a link.
 */
export const loader = pageLoader(({ request }) => {
  const url = new URL(request.url);
  const search = new URLSearchParams();
  for (const name of moveParams) {
    const value = url.searchParams.get(name);
    if (value) search.set(name, value);
  }
  const parsed = movesQuerySchema.safeParse(Object.fromEntries(search));
  const moves: Promise<StockMovesPage> = parsed.success
    ? reportLoadFailure(fetchStockMoves(search))
    : Promise.resolve({ moves: [], hasMore: false });
  return {
    search: search.toString(),
    page: parsed.success ? parsed.data.page : 1,
    filterIssue: parsed.success ? null : (parsed.error.issues[0] ?? null),
    // The drinks name the moves (a deleted drink's moves keep its id).
    list: Promise.all([moves, fetchDrinks().catch((): Drink[] => [])]),
  };
});

export function Component() {
  const data = usePageData<typeof loader>();
  const i18n = useAdminI18n();
  const { a } = i18n;
  if (!data) return null;
  const params = new URLSearchParams(data.search);
  params.delete('page');
  return (
    <PageSection id="stock-moves" title={a.stockMovesTitle}>
      <div className="flex flex-col gap-4">
        <p>
          <Link
            to="/admin/stock"
            className="inline-flex items-center gap-1 font-semibold text-brand-800 underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {a.backToStock}
          </Link>
        </p>
        <div>
          <CsvDownloadLink href={stockMovesCsvUrl(params)}>{a.downloadMovesCsv}</CsvDownloadLink>
        </div>
        <Suspense fallback={<Loading />}>
          <Await resolve={data.list} errorElement={<LoadFailed what={a.theMoves} />}>
            {([moves, drinks]: [StockMovesPage, Drink[]]) => (
              <>
                <MovesFilterForm
                  key={data.search}
                  params={params}
                  drinks={drinks}
                  error={data.filterIssue ? issueText(data.filterIssue, i18n) : null}
                />
                <MovesList moves={moves} drinks={drinks} params={params} page={data.page} />
              </>
            )}
          </Await>
        </Suspense>
      </div>
    </PageSection>
  );
}

function MovesFilterForm({
  params,
  drinks,
  error,
}: {
  params: URLSearchParams;
  drinks: Drink[];
  error: string | null;
}) {
  const { a } = useAdminI18n();
  return (
    <UrlFilterForm label={a.filterMoves} submitLabel={a.showMoves}>
      <SelectField label={a.drink} name="drink" defaultValue={params.get('drink') ?? ''}>
        <option value="">{a.anyDrink}</option>
        {drinks.map((drink) => (
          <option key={drink.id} value={drink.id}>
            {drink.drinkName}
          </option>
        ))}
      </SelectField>
      <SelectField label={a.place} name="place" defaultValue={params.get('place') ?? ''}>
        <option value="">{a.anyPlace}</option>
        {[storeroom, 'supplier', 'guest', 'write-off', 'count'].map((place) => (
          <option key={place} value={place}>
            {a.placeName(place)}
          </option>
        ))}
      </SelectField>
      <DayRangeFields params={params} error={error} />
    </UrlFilterForm>
  );
}

function MovesList({
  moves,
  drinks,
  params,
  page,
}: {
  moves: StockMovesPage;
  drinks: Drink[];
  params: URLSearchParams;
  page: number;
}) {
  const { a } = useAdminI18n();
  const names = new Map(drinks.map((drink) => [drink.id, drink.drinkName]));
  return (
    <UrlPagedList
      items={moves.moves}
      renderItem={(move) => <MoveEntry key={move.id} move={move} name={names.get(move.drinkId)} />}
      emptyText={a.noMovesMatch}
      listLabel={a.movesNewestFirst}
      listClassName="flex flex-col gap-2"
      page={page}
      hasMore={moves.hasMore}
      pagesLabel={a.movesPages}
      pageText={a.activityPage(page)}
      params={params}
    />
  );
}

function MoveEntry({ move, name }: { move: StockMove; name: string | undefined }) {
  const { a, dateTime } = useAdminI18n();
  return (
    <li className="flex flex-col gap-1 rounded-xl p-3 ring-1 ring-slate-200 sm:flex-row sm:items-baseline sm:gap-4">
      <span className="font-semibold text-slate-900 tabular-nums">
        {move.quantity} x {name ?? `#${move.drinkId}`}
      </span>
      <span className="text-slate-800">
        {a.placeName(move.from)} → {a.placeName(move.to)}
      </span>
      <span className="text-sm text-slate-600">
        {a.documentName(move.document.type, move.document.id)} · {dateTime(move.at)}
      </span>
    </li>
  );
}
