import type { LoaderFunctionArgs } from 'react-router';
import { parseBungalowParam } from '../../shared/bungalow';
import { fetchDrinks } from '../api';

/**
 * Starts the drinks request without awaiting it, so the heading shows at once and the page can say
 * 'Loading drinks...' (the page resolves the promise with <Await>).
 */
export function checkoutLoader({ request }: LoaderFunctionArgs) {
  const bungalow = parseBungalowParam(new URL(request.url).searchParams.get('bungalow'));
  return { bungalow, drinks: fetchDrinks() };
}
