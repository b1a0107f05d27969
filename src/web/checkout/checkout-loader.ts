import type { LoaderFunctionArgs } from 'react-router';
import type { Drink } from '../../shared/api-types';
import { parseBungalowParam } from '../../shared/bungalow';
import { fetchFridge, requestWithHeaders } from '../api';
import { offlineCopyHeader } from '../offline/offline-protocol';
import { type FirstPaint, takeFirstPaint } from './first-paint';
import { drinksAtFridge, type FridgeView } from './fridge-view';

/** What the server's render hands the loader (its requestContext): the drinks it read, no fetch. */
export interface CheckoutRenderContext {
  firstPaint: FirstPaint;
}

/**
 * Starts the drinks request without awaiting it, so the heading shows at once and the page can say
 * 'Loading drinks...' (the page resolves the promise with <Await>). Offline, the service worker answers with
 * the last drinks it kept and marks them: `offlineCopyOf` is then when that copy was fetched. The bungalow's
 * fridge (its pars; with stock on, what it holds) is asked for beside the drinks, not after them; without its
 * answer the drinks are the catalogue's, as the spec's.
 */
export function checkoutLoader({ request, context }: LoaderFunctionArgs) {
  const bungalow = parseBungalowParam(new URL(request.url).searchParams.get('bungalow'));
  // The server's render, and the browser's first run on the page it rendered: the drinks are already here,
  // so the page renders them at once (<Await> takes a value as it is) and 'Loading drinks...' never shows.
  const served =
    (context as Partial<CheckoutRenderContext> | undefined)?.firstPaint ?? takeFirstPaint(bungalow);
  if (served && served.bungalow === bungalow) {
    return {
      bungalow,
      fridge: served.view as FridgeView | Promise<FridgeView>,
      offlineCopyOf: Promise.resolve(null) as Promise<string | null>,
    };
  }
  const response = requestWithHeaders<Drink[]>('/api/drinks');
  const fridge = fetchFridge(bungalow).catch((error: unknown) => {
    console.warn("The fridge's pars and bottles could not be read; showing the catalogue's", error);
    return null;
  });
  return {
    bungalow,
    fridge: Promise.all([response, fridge]).then(([answer, state]) => drinksAtFridge(answer.body, state)),
    offlineCopyOf: response.then(
      (answer) => answer.headers.get(offlineCopyHeader),
      () => null,
    ),
  };
}
