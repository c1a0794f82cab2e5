import type { AppServices } from '../trpc/context';

/**
 * Every background job the service runs, registered once at start. Each entry maps an event name to
 * a plain service function; the in-process runner calls it directly, and with Inngest configured the
 * Inngest functions call the same functions step by step.
 */
export function registerJobHandlers(services: AppServices): void {
  void services;
}
