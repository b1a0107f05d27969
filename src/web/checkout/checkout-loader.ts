import type { LoaderFunctionArgs } from 'react-router';
import type { Drink } from '../../shared/api-types';
import { parseBungalowParam } from '../../shared/bungalow';
import { requestWithHeaders } from '../api';
import { offlineCopyHeader } from '../offline/offline-protocol';

/**
 * Starts the drinks request without awaiting it, so the heading shows at once and the page can say
 * 'Loading drinks...' (the page resolves the promise with <Await>). Offline, the service worker answers with
 * the last drinks it kept and marks them: `offlineCopyOf` is then when that copy was fetched.
 */
export function checkoutLoader({ request }: LoaderFunctionArgs) {
  const bungalow = parseBungalowParam(new URL(request.url).searchParams.get('bungalow'));
  const response = requestWithHeaders<Drink[]>('/api/drinks');
  return {
    bungalow,
    drinks: response.then((answer) => answer.body),
    offlineCopyOf: response.then(
      (answer) => answer.headers.get(offlineCopyHeader),
      () => null,
    ),
  };
}
