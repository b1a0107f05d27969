import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useRevalidator } from 'react-router';
import type { LiveEvent } from '../../../shared/live-types';
import { inBackground } from '../../api';
import {
  type LiveSignal,
  type LiveStatus,
  liveStatus,
  subscribeLive,
  subscribeLiveStatus,
} from './live-connection';

/** Every signal of the live stream, for as long as the component is mounted. */
export function useLiveSignals(onSignal: (signal: LiveSignal) => void): void {
  const handler = useRef(onSignal);
  handler.current = onSignal;
  useEffect(() => subscribeLive((signal) => handler.current(signal)), []);
}

/**
 * The page updates by itself: reloads the route's data (React Router's revalidation: every loader on
 * screen, as after a write) when an event passing `filter` arrives, and after a reset or a reconnect.
 * Events that come while a reload runs are folded into one more reload after it.
 *
 *   useLiveRevalidate((event) => event.action.startsWith('checkout.'));
 */
export function useLiveRevalidate(filter: (event: LiveEvent) => boolean): void {
  const revalidator = useRevalidator();
  const latest = useRef({ revalidator, filter });
  latest.current = { revalidator, filter };
  const state = useRef({ running: false, again: false });

  useLiveSignals((signal) => {
    // The round's own notice follows an event the filter has seen already.
    if (signal.kind === 'refused' || signal.kind === 'round') return;
    if (signal.kind === 'event' && !latest.current.filter(signal.event)) return;
    if (state.current.running) {
      state.current.again = true;
      return;
    }
    const run = () => {
      state.current.running = true;
      // The page's own reload: it does not keep the session open (the idle lock counts people, not events).
      inBackground(() => latest.current.revalidator.revalidate()).finally(() => {
        state.current.running = false;
        if (state.current.again) {
          state.current.again = false;
          run();
        }
      });
    };
    run();
  });
}

/** Whether the stream is open ('open'), being opened ('connecting') or lost ('down'). */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeLiveStatus, liveStatus, liveStatus);
}

/** Filters for the workspace's pages. */
export const liveFilters = {
  checkouts: (event: LiveEvent) =>
    event.action.startsWith('checkout.') || event.action.startsWith('payment.'),
  /** With stock on, a fridge's lack also moves with its pars, a count or a write-off there. */
  restock: (event: LiveEvent) =>
    event.action.startsWith('checkout.') ||
    event.action === 'restock.done' ||
    event.action === 'pars.changed' ||
    event.action === 'stock.started' ||
    event.action === 'stock.counted' ||
    event.action === 'stock.written_off',
  bungalows: (event: LiveEvent) =>
    event.action.startsWith('stay.') ||
    event.action.startsWith('request.') ||
    event.action === 'checkout.recorded',
  requests: (event: LiveEvent) => event.action.startsWith('request.'),
  /** Whatever moves bottles: the stock documents, checkouts and restocks. */
  stock: (event: LiveEvent) =>
    event.action.startsWith('stock.') ||
    event.action.startsWith('checkout.') ||
    event.action === 'restock.done',
  pars: (event: LiveEvent) => event.action === 'pars.changed',
  overview: (event: LiveEvent) =>
    event.action.startsWith('checkout.') ||
    event.action.startsWith('payment.') ||
    event.action === 'restock.done',
} as const;
