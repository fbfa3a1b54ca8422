/**
 * What a visitor does on the server's first screen before the app takes over. A public page paints
 * from the server's HTML (the app's own components, api/src/static-shell.ts) one to three seconds
 * before the app's JavaScript has run on a slow phone. In that time it scrolls but its buttons do
 * nothing until the app has taken the markup over (hydrated it). The entry (main.tsx)
 * notes where the page was scrolled to and which buttons were tapped; once the app's first screen
 * is in, its page is scrolled to the same place and each tap is made again on the same button of
 * the app's page, in order. The same button tapped again and again, as people do when nothing
 * happens, counts once.
 *
 * Buttons and drop-downs: a link already works (the browser follows it), and the first screens have
 * no forms to type in, but a drop-down (the catalogue's 'Select Category' on a phone) is chosen
 * from like a button is tapped. A button is found again by its name (aria-label, else its text)
 * and which of the buttons of that name it was; if the app's page has a different number of them,
 * the tap is dropped rather than made on the wrong one. A drop-down is found again by its id (else
 * its name), and its last choice is made on it if the app's one offers that option. All of it is
 * dropped if the app opened on another page (a startup path, startup-path.ts).
 */

interface EarlyTap {
  kind: 'tap';
  label: string;
  /** Which of the page's buttons with this label (0-based), and how many there were. */
  index: number;
  of: number;
}

interface EarlyChoice {
  kind: 'choose';
  /** The drop-down's id, else its name. */
  key: string;
  value: string;
}

type EarlyInput = EarlyTap | EarlyChoice;

/** At most this many taps are kept (a person tapping on, not a script). */
const MAX_TAPS = 10;

const labelOf = (button: Element) => (button.getAttribute('aria-label') ?? button.textContent ?? '').replace(/\s+/g, ' ').trim();

const buttonsLabelled = (scope: ParentNode, label: string) => Array.from(scope.querySelectorAll('button')).filter((b) => labelOf(b) === label);

const keyOf = (select: HTMLSelectElement) => select.id || select.name;

/** A choice made again as a person makes it: the value set, then the change the app listens for. */
function choose(select: HTMLSelectElement, value: string) {
  if (!Array.from(select.options).some((option) => option.value === value)) return;
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Where the app's page scrolls (app.tsx's Shell). */
const APP_SCROLLER = '.app-scroll';

/**
 * Starts noting the scrolling of `root`'s `<main>` (the server's first screen) and the taps on its
 * buttons. The answer stops noting, scrolls the app's page (then in `root`) to the same place and
 * makes the noted taps on it, once.
 */
export function recordEarlyInput(root: HTMLElement): () => void {
  const stop = noteInput(root);
  return () => stop()();
}

/** recordEarlyInput's noting: the answer stops it and returns the replay. */
function noteInput(root: HTMLElement): () => () => void {
  let taps: EarlyInput[] = [];
  let scrolledTo = 0;
  const onScroll = (event: Event) => {
    if (event.target instanceof HTMLElement && event.target.tagName === 'MAIN') scrolledTo = event.target.scrollTop;
  };
  // The page the taps were made on: an app that opens elsewhere (a startup path) makes none of them.
  const page = () => window.location.pathname + window.location.search;
  const tappedOn = page();
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest('button');
    const main = button?.closest('main');
    if (!button || !main || !root.contains(main) || button.disabled || button.closest('a')) return;
    const label = labelOf(button);
    if (!label || taps.length >= MAX_TAPS) return;
    const same = buttonsLabelled(main, label);
    const tap: EarlyTap = { kind: 'tap', label, index: same.indexOf(button), of: same.length };
    // Tapped again because nothing happened: meant once ('Add to Cart' must not add two).
    const last = taps.at(-1);
    if (last?.kind === 'tap' && last.label === tap.label && last.index === tap.index) return;
    taps.push(tap);
  };
  const onChange = (event: Event) => {
    const select = event.target instanceof HTMLSelectElement ? event.target : null;
    const main = select?.closest('main');
    if (!select || !main || !root.contains(main) || select.disabled || !keyOf(select)) return;
    const key = keyOf(select);
    // Only the last choice on a drop-down counts, in the place it was made.
    taps = taps.filter((input) => !(input.kind === 'choose' && input.key === key));
    if (taps.length < MAX_TAPS) taps.push({ kind: 'choose', key, value: select.value });
  };
  // The noted scroll and taps, made on the app's page.
  const replay = (noted: EarlyInput[]) => {
    const main = root.querySelector('main');
    if (!main || page() !== tappedOn) return;
    const scroller = root.querySelector(APP_SCROLLER);
    if (scroller && scrolledTo > 0) scroller.scrollTop = scrolledTo;
    scrolledTo = 0;
    for (const tap of noted) {
      if (tap.kind === 'choose') {
        const select = Array.from(main.querySelectorAll('select')).find((s) => keyOf(s) === tap.key);
        if (select && !select.disabled) choose(select, tap.value);
        continue;
      }
      const same = buttonsLabelled(main, tap.label);
      const button = same.length === tap.of ? same[tap.index] : undefined;
      if (button && !button.disabled) button.click();
    }
  };
  root.addEventListener('click', onClick, true);
  root.addEventListener('change', onChange, true);
  // A scroll does not bubble; noted on its way down.
  root.addEventListener('scroll', onScroll, true);
  return () => {
    root.removeEventListener('click', onClick, true);
    root.removeEventListener('change', onChange, true);
    root.removeEventListener('scroll', onScroll, true);
    const noted = taps;
    taps = [];
    return () => replay(noted);
  };
}

/** Noting (`stop` stops it and returns the replay), or stopped with the replay still to make. */
let pending: { stop: () => () => void } | { replay: () => void } | undefined;

/** For the entry (main.tsx): notes the early scrolling and taps on the page's `#root`. */
export function noteEarlyInput(): void {
  const root = document.getElementById('root');
  if (root && !pending) pending = { stop: noteInput(root) };
}

/**
 * For the app's start (start.tsx), as it starts hydrating the server's first screen: from then on
 * React itself handles a tap on that markup (it hydrates the tapped part first), so noting stops;
 * what was noted before is made again by replayEarlyInput.
 */
export function stopNotingEarlyInput(): void {
  if (pending && 'stop' in pending) pending = { replay: pending.stop() };
}

/** For the app's start (start.tsx), once its first screen is in: the noted scroll and taps, made again. */
export function replayEarlyInput(): void {
  const noted = pending;
  pending = undefined;
  if (!noted) return;
  if ('stop' in noted) noted.stop()();
  else noted.replay();
}
