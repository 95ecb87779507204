import { onMount, type ReadableAtom, type WritableAtom } from 'nanostores';
import { $token } from '#client/state/auth.ts';
import { type LatestWins, latestWins } from '#lib/latest-wins.ts';

/**
 * What every list and detail store shares: the loading state a page shows, latest call wins, a
 * reload whenever someone logs in on this device, and a list view (filters and page) kept in the
 * address so that Back, Forward and a reload show the same page.
 */

/** What a page shows while a list or a figure loads from the server; `failed` offers a retry. */
export type Loadable<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: T };

/** A paged list as the stores keep it: the rows and the answer's `meta`. */
export type Page<Item, Meta> = { items: Item[]; meta: Meta };

/** The part of a store a loader writes; the store may know more states than `Loadable` (`missing`…). */
interface LoadableTarget<T> {
  get(): { status: string } | undefined;
  set(value: Loadable<T>): void;
}

export interface LoaderSpec<T> {
  $store: LoadableTarget<T>;
  fetch: () => Promise<T>;
  /** Shows the answer; by default the store becomes `ready` with it. */
  ready?: (data: T) => void;
  /** Shows a failure; by default the store becomes `failed`. `quiet`: ready data is on screen. */
  failed?: (error: unknown, quiet: boolean) => void;
  /** Calls that need no session (public data) load while logged out too. */
  needsLogin?: boolean;
}

export interface LoadOptions {
  /** A refresh keeps ready data on screen until the answer comes, instead of showing `loading`. */
  quiet?: boolean;
}

export interface Loader extends Pick<LatestWins, 'drop'> {
  load(options?: LoadOptions): Promise<void>;
}

/** A store's load: skipped while logged out, `loading` (unless quiet), then the latest answer or `failed`. */
export function createLoader<T>({ $store, fetch, ready, failed, needsLogin = true }: LoaderSpec<T>): Loader {
  const calls = latestWins();
  return {
    async load({ quiet = false } = {}) {
      if (needsLogin && !$token.get()) return;
      const isLatest = calls.begin();
      if (!quiet || $store.get()?.status !== 'ready') $store.set({ status: 'loading' });
      try {
        const data = await fetch();
        if (!isLatest()) return;
        if (ready) ready(data);
        else $store.set({ status: 'ready', data });
      } catch (error) {
        if (!isLatest()) return;
        if (failed) failed(error, quiet);
        else $store.set({ status: 'failed' });
      }
    },
    drop: calls.drop,
  };
}

/** Runs `load` whenever someone logs in on this device (another account's data replaces the shown). */
export function onLogin(load: () => void): () => void {
  return $token.listen((token) => {
    if (token) load();
  });
}

/** Loads when `$store` gets its first subscriber, and again after each login. */
export function loadWhileWatched($store: ReadableAtom<unknown>, load: () => void): void {
  onMount($store, () => {
    load();
    return onLogin(load);
  });
}

/** Adds `search` to the address as a new history entry, so Back returns to the view before. */
export function pushAddress(search: string): void {
  history.pushState(null, '', `${location.pathname}${search ? `?${search}` : ''}`);
}

export interface AddressViewSpec<V> {
  /** The view (filters and page) the list shows. */
  $view: WritableAtom<V>;
  /** The view a query string names (anything unreadable falls back to the first page). */
  read: (search: string) => V;
  /** The query string for a view ('' for the default view). */
  write: (view: V) => string;
  /** Loads what the view selects: after reading the address, or after a login. */
  load: (cause: 'address' | 'login') => void;
}

/**
 * A list whose view lives in the address: read when `$watched` gets its first subscriber and
 * again on Back and Forward, reloaded after a login. Returns `show`, which shows a view, writes it
 * into the address (a new history entry) and loads it.
 */
export function viewInAddress<V>($watched: ReadableAtom<unknown>, { $view, read, write, load }: AddressViewSpec<V>): (view: V) => void {
  onMount($watched, () => {
    const fromAddress = () => {
      $view.set(read(location.search));
      load('address');
    };
    fromAddress();
    addEventListener('popstate', fromAddress);
    const stopLogin = onLogin(() => load('login'));
    return () => {
      removeEventListener('popstate', fromAddress);
      stopLogin();
    };
  });
  return (view) => {
    $view.set(view);
    pushAddress(write(view));
    load('address');
  };
}
