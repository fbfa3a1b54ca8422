import { recordEarlyInput } from './early-input';

/**
 * The server's first screen, then the app's page in its place: the same buttons, now with
 * handlers (the app's DOM in place of the server's, as when the app renders the page itself in
 * start.tsx; hydrating, it keeps the server's elements and the taps are made on those).
 */
const SERVER_PAGE = `
  <header class="boot__bar"><button type="button">Menu</button></header>
  <main class="boot__main">
    <button type="button" aria-label="Previous month">‹</button>
    <button type="button" aria-label="Next month">›</button>
    <button type="button" data-day="2026-12-05" aria-label="Saturday, December 5, 2026, has events">5</button>
    <button type="button" disabled aria-label="Sunday, December 6, 2026">6</button>
    <button type="button">View on Map</button>
    <button type="button">View on Map</button>
    <a href="/events"><button type="button">Inside a link</button></a>
  </main>`;

function appPage(root: HTMLElement, buttons: string) {
  const seen: string[] = [];
  root.innerHTML = `<div class="app-root"><div class="app-scroll"><main id="main">${buttons}</main></div></div>`;
  root
    .querySelectorAll('button')
    .forEach((button, i) => button.addEventListener('click', () => seen.push(`${i}:${button.getAttribute('aria-label') ?? button.textContent}`)));
  return seen;
}
const APP_BUTTONS = SERVER_PAGE.replace(/<header[\s\S]*?<\/header>/, '').replace(/<\/?main[^>]*>/g, '');

const tap = (root: HTMLElement, selector: string, n = 0) => root.querySelectorAll<HTMLElement>(selector)[n].click();

/** jsdom lays nothing out: an element's scrollTop, as the browser would keep it. */
function scrollable(element: Element) {
  let top = 0;
  Object.defineProperty(element, 'scrollTop', { configurable: true, get: () => top, set: (v: number) => (top = v) });
  return element as HTMLElement;
}

describe('scrolling and taps on the server’s first screen before the app takes over', () => {
  let root: HTMLElement;
  beforeEach(() => {
    window.history.replaceState(null, '', '/cocoa-tracker');
    root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = SERVER_PAGE;
    document.body.append(root);
  });
  afterEach(() => root.remove());

  it('are made again, in order, on the same buttons of the app’s page once it is in', () => {
    const replay = recordEarlyInput(root);
    tap(root, '[aria-label="Next month"]');
    tap(root, '[data-day="2026-12-05"]');
    tap(root, '[aria-label="Next month"]');
    const seen = appPage(root, APP_BUTTONS);
    replay();
    expect(seen).toEqual(['1:Next month', '2:Saturday, December 5, 2026, has events', '1:Next month']);
  });

  it('count the same button tapped again and again, because nothing happened, once', () => {
    const replay = recordEarlyInput(root);
    tap(root, '[aria-label="Next month"]');
    tap(root, '[aria-label="Next month"]');
    tap(root, '[aria-label="Next month"]');
    tap(root, 'main button:not([aria-label])', 0);
    tap(root, 'main button:not([aria-label])', 1);
    const seen = appPage(root, APP_BUTTONS);
    replay();
    expect(seen).toEqual(['1:Next month', '4:View on Map', '5:View on Map']);
  });

  it('find the right one of several buttons with one name', () => {
    const replay = recordEarlyInput(root);
    tap(root, 'main button:not([aria-label])', 1); // the second 'View on Map'
    const seen = appPage(root, APP_BUTTONS);
    replay();
    expect(seen).toEqual(['5:View on Map']);
  });

  it('are dropped when the app’s page has a different number of buttons of that name, so no other one is pressed', () => {
    const replay = recordEarlyInput(root);
    tap(root, 'main button:not([aria-label])', 1);
    const seen = appPage(root, '<button type="button">View on Map</button>');
    replay();
    expect(seen).toEqual([]);
  });

  it('are not noted on disabled buttons, buttons inside links, or outside the page’s main content', () => {
    const replay = recordEarlyInput(root);
    tap(root, '[aria-label="Sunday, December 6, 2026"]');
    tap(root, 'a button');
    tap(root, 'header button');
    const seen = appPage(root, `${APP_BUTTONS}<button type="button">Menu</button>`.replace(' disabled', ''));
    replay();
    expect(seen).toEqual([]);
  });

  it('are dropped when the app opened on another page (a startup path)', () => {
    const replay = recordEarlyInput(root);
    tap(root, '[aria-label="Next month"]');
    window.history.replaceState(null, '', '/events');
    const seen = appPage(root, APP_BUTTONS);
    replay();
    expect(seen).toEqual([]);
  });

  it('are made once: taps after the app took over are its own, and a second replay makes nothing', () => {
    const replay = recordEarlyInput(root);
    tap(root, '[aria-label="Next month"]');
    const seen = appPage(root, APP_BUTTONS);
    replay();
    tap(root, '[aria-label="Previous month"]');
    replay();
    expect(seen).toEqual(['1:Next month', '0:Previous month']);
  });

  it('the app’s page opens scrolled where the visitor had scrolled the painted one, then the taps are made', () => {
    const replay = recordEarlyInput(root);
    const painted = scrollable(root.querySelector('main')!);
    painted.scrollTop = 640;
    painted.dispatchEvent(new Event('scroll'));
    tap(root, '[aria-label="Next month"]');
    const seen = appPage(root, APP_BUTTONS);
    const scroller = scrollable(root.querySelector('.app-scroll')!);
    replay();
    expect(scroller.scrollTop).toBe(640);
    expect(seen).toEqual(['1:Next month']);
  });

  it('the app’s page stays at its top when the painted one was not scrolled, or the app opened elsewhere', () => {
    let replay = recordEarlyInput(root);
    appPage(root, APP_BUTTONS);
    let scroller = scrollable(root.querySelector('.app-scroll')!);
    replay();
    expect(scroller.scrollTop).toBe(0);

    root.innerHTML = SERVER_PAGE;
    replay = recordEarlyInput(root);
    const painted = scrollable(root.querySelector('main')!);
    painted.scrollTop = 300;
    painted.dispatchEvent(new Event('scroll'));
    window.history.replaceState(null, '', '/events');
    appPage(root, APP_BUTTONS);
    scroller = scrollable(root.querySelector('.app-scroll')!);
    replay();
    expect(scroller.scrollTop).toBe(0);
  });

  describe('a choice in a drop-down (the catalogue’s category on a phone)', () => {
    const SELECT = (id: string) =>
      `<label for="${id}">Select Category</label><select id="${id}"><option value="">All Products</option><option value="hot-cocoa">Hot Cocoa</option><option value="iced-cocoa">Iced Cocoa</option></select>`;
    const pick = (value: string) => {
      const select = root.querySelector('main select') as HTMLSelectElement;
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    };
    function appSelect(id: string, options = SELECT(id)) {
      root.innerHTML = `<div class="app-scroll"><main>${options}</main></div>`;
      const chosen: string[] = [];
      root.querySelector('select')!.addEventListener('change', (e) => chosen.push((e.target as HTMLSelectElement).value));
      return chosen;
    }
    beforeEach(() => {
      window.history.replaceState(null, '', '/products');
      root.innerHTML = `<main>${SELECT('category-select')}</main>`;
    });

    it('is made again on the app’s drop-down with the same id, the last choice only', () => {
      const replay = recordEarlyInput(root);
      pick('hot-cocoa');
      pick('iced-cocoa');
      const chosen = appSelect('category-select');
      replay();
      expect(chosen).toEqual(['iced-cocoa']);
      expect((root.querySelector('select') as HTMLSelectElement).value).toBe('iced-cocoa');
    });

    it('is dropped when the app’s drop-down does not offer that option, or is another one', () => {
      let replay = recordEarlyInput(root);
      pick('iced-cocoa');
      let chosen = appSelect('category-select', '<select id="category-select"><option value="">All Products</option></select>');
      replay();
      expect(chosen).toEqual([]);

      root.innerHTML = `<main>${SELECT('category-select')}</main>`;
      replay = recordEarlyInput(root);
      pick('iced-cocoa');
      chosen = appSelect('sort-select');
      replay();
      expect(chosen).toEqual([]);
    });

    it('is dropped when the app opened on another page', () => {
      const replay = recordEarlyInput(root);
      pick('iced-cocoa');
      window.history.replaceState(null, '', '/events');
      const chosen = appSelect('category-select');
      replay();
      expect(chosen).toEqual([]);
    });
  });
});
