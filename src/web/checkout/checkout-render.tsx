import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Messages } from '../../shared/i18n/en';
import { renderInLanguage } from '../i18n/language';
import { routes } from '../routes';
import type { CheckoutRenderContext } from './checkout-loader';
import type { FirstPaint } from './first-paint';
import { FirstTapParts } from './first-tap-parts';

const handler = createStaticHandler(routes);

/**
 * The guest's page as the browser renders it, for the server (docs/decisions/150-guest-first-paint.md): the
 * app's own route tree and the checkout loader, handed the drinks the server read instead of fetching them.
 * Only /checkout comes here; null when the route tree answers anything but the page (a redirect, an error),
 * and the server then sends the shell as before.
 */
export async function renderCheckout(
  url: string,
  firstPaint: FirstPaint,
  messages: Messages,
): Promise<string | null> {
  const requestContext: CheckoutRenderContext = { firstPaint };
  const context = await handler.query(new Request(url), { requestContext });
  if (context instanceof Response || context.errors || context.statusCode !== 200) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // hydrate={false}: no inline script (the CSP forbids it); the page carries its data as JSON instead.
  return renderInLanguage(firstPaint.language, messages, () =>
    renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />),
  );
}

/** The first taps' parts (first-tap-parts.tsx) in the page's language: a `<template>` for the server's page. */
export function renderFirstTapParts(firstPaint: FirstPaint, messages: Messages): string {
  return renderInLanguage(firstPaint.language, messages, () => renderToStaticMarkup(<FirstTapParts />));
}
