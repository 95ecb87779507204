import { atom, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $token } from '#client/state/auth.ts';
import { latestWins } from '#lib/latest-wins.ts';
import { createLoader, type Loadable, loadWhileWatched, viewInAddress } from './loadable.ts';

/** A promise the test settles when it likes: the answers of a slow network, in any order. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Lets the awaited answers land. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Vitest runs under Node: the address, history and window events of a page, just enough for the stores. */
function fakeWindow(search = '') {
  const events = new EventTarget();
  const location = { pathname: '/list', search, href: `https://portal.test/list${search}` };
  const history = {
    pushState: vi.fn((_state: unknown, _title: string, url: string) => {
      const next = new URL(url, 'https://portal.test');
      location.search = next.search;
      location.href = next.href;
    }),
  };
  vi.stubGlobal('location', location);
  vi.stubGlobal('history', history);
  vi.stubGlobal('addEventListener', events.addEventListener.bind(events));
  vi.stubGlobal('removeEventListener', events.removeEventListener.bind(events));
  return {
    location,
    history,
    /** The patient pressed Back or Forward to `to`. */
    goTo(to: string) {
      location.search = to;
      events.dispatchEvent(new Event('popstate'));
    },
  };
}

beforeEach(() => $token.set('token-a'));
afterEach(() => {
  vi.unstubAllGlobals();
  $token.set(undefined);
});

describe('latest call wins', () => {
  it('only the newest call counts, and a drop ends them all', () => {
    const calls = latestWins();
    const first = calls.begin();
    const second = calls.begin();
    expect([first(), second()]).toEqual([false, true]);
    calls.drop();
    expect(second()).toBe(false);
  });

  /** A list loaded twice, the two answers still on their way. */
  function twoCallsInFlight() {
    const $list = atom<Loadable<string>>({ status: 'loading' });
    const answers = [deferred<string>(), deferred<string>()] as const;
    let asked = 0;
    const list = createLoader({ $store: $list, fetch: () => answers[asked++]!.promise });
    return { $list, answers, calls: [list.load(), list.load()] as const };
  }

  it('an older answer arriving late does not replace the newer one', async () => {
    const { $list, answers, calls } = twoCallsInFlight();
    answers[1].resolve('page 2');
    await calls[1];
    answers[0].resolve('page 1');
    await calls[0];
    expect($list.get()).toEqual({ status: 'ready', data: 'page 2' });
  });

  it('a late failure of an older call does not hide the newer answer', async () => {
    const { $list, answers, calls } = twoCallsInFlight();
    answers[1].resolve('fresh');
    answers[0].reject(new Error('offline'));
    await Promise.all(calls);
    expect($list.get()).toEqual({ status: 'ready', data: 'fresh' });
  });

  it('a drop leaves the shown state as it is', async () => {
    const $detail = atom<Loadable<string>>({ status: 'ready', data: 'shown' });
    const answer = deferred<string>();
    const detail = createLoader({ $store: $detail, fetch: () => answer.promise });
    const loading = detail.load({ quiet: true });
    detail.drop();
    answer.resolve('late');
    await loading;
    expect($detail.get()).toEqual({ status: 'ready', data: 'shown' });
  });
});

describe('loading and errors', () => {
  it('shows loading, then the answer; a quiet reload keeps the data on screen', async () => {
    const $figure = atom<Loadable<number>>({ status: 'failed' });
    let answer = deferred<number>();
    const figure = createLoader({ $store: $figure, fetch: () => answer.promise });
    const first = figure.load();
    expect($figure.get()).toEqual({ status: 'loading' });
    answer.resolve(1);
    await first;
    answer = deferred<number>();
    const quiet = figure.load({ quiet: true });
    expect($figure.get()).toEqual({ status: 'ready', data: 1 });
    answer.resolve(2);
    await quiet;
    expect($figure.get()).toEqual({ status: 'ready', data: 2 });
    answer = deferred<number>();
    const loud = figure.load();
    expect($figure.get()).toEqual({ status: 'loading' });
    answer.resolve(3);
    await loud;
  });

  it('a failed call shows `failed`, or what the store makes of it', async () => {
    const $plain = atom<Loadable<number>>({ status: 'loading' });
    await createLoader({ $store: $plain, fetch: () => Promise.reject(new Error('500')) }).load();
    expect($plain.get()).toEqual({ status: 'failed' });

    const $told = atom<Loadable<number> | { status: 'missing' }>({ status: 'loading' });
    const failed = vi.fn((_error: unknown, _quiet: boolean) => $told.set({ status: 'missing' }));
    const error = new Error('404');
    await createLoader({ $store: $told, fetch: () => Promise.reject(error), failed }).load({ quiet: true });
    expect(failed).toHaveBeenCalledWith(error, true);
    expect($told.get()).toEqual({ status: 'missing' });
  });

  it('a custom `ready` shows the answer its own way', async () => {
    const $list = atom<Loadable<number[]>>({ status: 'loading' });
    const $count = atom(0);
    const ready = (data: number[]) => {
      $list.set({ status: 'ready', data });
      $count.set(data.length);
    };
    await createLoader({ $store: $list, fetch: async () => [1, 2, 3], ready }).load();
    expect([$list.get(), $count.get()]).toEqual([{ status: 'ready', data: [1, 2, 3] }, 3]);
  });

  it('asks nothing while logged out, unless the call is public', async () => {
    $token.set(undefined);
    const fetch = vi.fn(async () => 1);
    const $private = atom<Loadable<number>>({ status: 'loading' });
    await createLoader({ $store: $private, fetch }).load();
    expect(fetch).not.toHaveBeenCalled();
    expect($private.get()).toEqual({ status: 'loading' });

    const $public = atom<Loadable<number>>({ status: 'loading' });
    await createLoader({ $store: $public, fetch, needsLogin: false }).load();
    expect($public.get()).toEqual({ status: 'ready', data: 1 });
  });
});

describe('reload on login', () => {
  it('loads on the first subscriber and after each login, not after a logout or once unwatched', async () => {
    const $wallet = atom<Loadable<number>>({ status: 'loading' });
    const load = vi.fn();
    loadWhileWatched($wallet, load);
    expect(load).not.toHaveBeenCalled();
    const stop = $wallet.listen(() => {});
    expect(load).toHaveBeenCalledTimes(1);
    $token.set('token-b');
    expect(load).toHaveBeenCalledTimes(2);
    $token.set(undefined);
    expect(load).toHaveBeenCalledTimes(2);
    stop();
    cleanStores($wallet);
    $token.set('token-c');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('a paged list in the address', () => {
  interface View {
    page: number;
  }
  const read = (search: string): View => ({ page: Number(new URLSearchParams(search).get('page')) || 1 });
  const write = (view: View) => (view.page > 1 ? `page=${view.page}` : '');

  function pagedList() {
    const $view = atom<View>({ page: 1 });
    const $list = atom<Loadable<string[]>>({ status: 'loading' });
    const asked: number[] = [];
    const causes: string[] = [];
    const list = createLoader({
      $store: $list,
      fetch: async () => {
        const { page } = $view.get();
        asked.push(page);
        return [`row of page ${page}`];
      },
    });
    const show = viewInAddress($list, {
      $view,
      read,
      write,
      load: (cause) => {
        causes.push(cause);
        void list.load();
      },
    });
    return { $view, $list, asked, causes, show };
  }

  it('reads the page from the address when first shown', async () => {
    fakeWindow('?page=3');
    const { $view, $list, asked } = pagedList();
    const stop = $list.listen(() => {});
    await settle();
    expect($view.get()).toEqual({ page: 3 });
    expect(asked).toEqual([3]);
    expect($list.get()).toEqual({ status: 'ready', data: ['row of page 3'] });
    stop();
    cleanStores($list);
  });

  it('writes a shown page into the address as a new history entry, and Back reads it again', async () => {
    const page = fakeWindow('');
    const { $view, $list, asked, show } = pagedList();
    const stop = $list.listen(() => {});
    show({ page: 2 });
    expect(page.history.pushState).toHaveBeenCalledWith(null, '', '/list?page=2');
    expect(page.location.search).toBe('?page=2');
    page.goTo('');
    await settle();
    expect($view.get()).toEqual({ page: 1 });
    expect(asked).toEqual([1, 2, 1]);
    show({ page: 1 });
    expect(page.history.pushState).toHaveBeenLastCalledWith(null, '', '/list');
    stop();
    cleanStores($list);
  });

  it('reloads after a login, and stops listening once no one watches', async () => {
    const page = fakeWindow('?page=2');
    const { $list, asked, causes } = pagedList();
    const stop = $list.listen(() => {});
    $token.set('token-b');
    await settle();
    expect(causes).toEqual(['address', 'login']);
    expect(asked).toEqual([2, 2]);
    stop();
    cleanStores($list);
    page.goTo('?page=5');
    $token.set('token-c');
    await settle();
    expect(asked).toEqual([2, 2]);
  });
});
