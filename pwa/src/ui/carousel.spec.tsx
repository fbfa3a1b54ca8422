import { act, fireEvent, render, screen } from '@testing-library/react';
import { Carousel } from './carousel';

const images = [
  { src: '/a.svg', label: 'Main' as const },
  { src: '/b.svg', label: 'Hot' as const },
  { src: '/c.svg', label: 'Iced' as const },
];

const current = () => screen.getByRole('region').querySelector('.carousel__track')?.getAttribute('data-index');

/** A matchMedia whose `prefers-reduced-motion: reduce` answer the test sets and can change later. */
function stubReducedMotion(initial: boolean) {
  let reduce = initial;
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return query === '(prefers-reduced-motion: reduce)' && reduce;
      },
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  return {
    set(value: boolean) {
      reduce = value;
      listeners.forEach((listener) => listener());
    },
    restore: () => (window.matchMedia = original),
  };
}

describe('Carousel', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('advances every 4 s, waiting for the 1 s slide to finish', () => {
    render(<Carousel images={images} name="Cocoa" width={100} height={100} thumbnails />);
    expect(current()).toBe('0');
    act(() => jest.advanceTimersByTime(3999));
    expect(current()).toBe('0');
    act(() => jest.advanceTimersByTime(1));
    expect(current()).toBe('1');
    // mid-transition (1 s) then another 4 s
    act(() => jest.advanceTimersByTime(1000));
    act(() => jest.advanceTimersByTime(3999));
    expect(current()).toBe('1');
    act(() => jest.advanceTimersByTime(1));
    expect(current()).toBe('2');
    act(() => jest.advanceTimersByTime(1000));
    act(() => jest.advanceTimersByTime(4000));
    expect(current()).toBe('0');
  });

  it('pauses while hovered', () => {
    render(<Carousel images={images} name="Cocoa" width={100} height={100} />);
    fireEvent.mouseEnter(screen.getByRole('region'));
    act(() => jest.advanceTimersByTime(20000));
    expect(current()).toBe('0');
    fireEvent.mouseLeave(screen.getByRole('region'));
    act(() => jest.advanceTimersByTime(4000));
    expect(current()).toBe('1');
  });

  it('changes image with labelled thumbnails, previous/next and a swipe over 50 px', () => {
    render(<Carousel images={images} name="Cocoa" width={100} height={100} thumbnails />);
    fireEvent.click(screen.getByRole('button', { name: 'Iced' }));
    expect(current()).toBe('2');
    expect(screen.getByRole('button', { name: 'Iced' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(current()).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(current()).toBe('2');
    const viewport = screen.getByRole('region').querySelector('.carousel__viewport') as HTMLElement;
    fireEvent.touchStart(viewport, { touches: [{ clientX: 200 }] });
    fireEvent.touchEnd(viewport, { changedTouches: [{ clientX: 160 }] });
    expect(current()).toBe('2');
    fireEvent.touchStart(viewport, { touches: [{ clientX: 200 }] });
    fireEvent.touchEnd(viewport, { changedTouches: [{ clientX: 140 }] });
    expect(current()).toBe('0');
    fireEvent.touchStart(viewport, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(viewport, { changedTouches: [{ clientX: 170 }] });
    expect(current()).toBe('2');
  });

  it('has a visible Pause control that stops the auto-advance, and Play resumes it', () => {
    render(<Carousel images={images} name="Cocoa" width={100} height={100} />);
    const pause = screen.getByRole('button', { name: 'Pause slideshow' });
    expect(pause).toBeVisible();
    fireEvent.click(pause);
    act(() => jest.advanceTimersByTime(20000));
    expect(current()).toBe('0');
    // The same button now offers Play and keeps keyboard focus where it was.
    const play = screen.getByRole('button', { name: 'Play slideshow' });
    expect(play).toBe(pause);
    fireEvent.click(play);
    act(() => jest.advanceTimersByTime(3999));
    expect(current()).toBe('0');
    act(() => jest.advanceTimersByTime(1));
    expect(current()).toBe('1');
  });

  it('keeps previous/next and dots working while paused', () => {
    render(<Carousel images={images} name="Cocoa" width={100} height={100} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(current()).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(current()).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Show Hot image' }));
    expect(current()).toBe('1');
    act(() => jest.advanceTimersByTime(20000));
    expect(current()).toBe('1');
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
  });

  describe('under prefers-reduced-motion: reduce', () => {
    let motion: ReturnType<typeof stubReducedMotion>;
    afterEach(() => motion.restore());

    it('starts paused without slide animation, offers Play, and the manual controls still work', () => {
      motion = stubReducedMotion(true);
      render(<Carousel images={images} name="Cocoa" width={100} height={100} thumbnails />);
      expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
      act(() => jest.advanceTimersByTime(20000));
      expect(current()).toBe('0');
      const track = screen.getByRole('region').querySelector('.carousel__track') as HTMLElement;
      expect(track.style.transition).toBe('none');
      fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
      expect(current()).toBe('1');
      fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
      expect(current()).toBe('0');
      fireEvent.click(screen.getByRole('button', { name: 'Iced' }));
      expect(current()).toBe('2');
      // Pressing Play is the person's own choice: it advances, still without animation.
      fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
      act(() => jest.advanceTimersByTime(4000));
      expect(current()).toBe('0');
      expect(track.style.transition).toBe('none');
    });

    it('stops auto-advancing when the preference is switched on while the page is open', () => {
      motion = stubReducedMotion(false);
      render(<Carousel images={images} name="Cocoa" width={100} height={100} />);
      expect(screen.getByRole('button', { name: 'Pause slideshow' })).toBeInTheDocument();
      act(() => motion.set(true));
      expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(20000));
      expect(current()).toBe('0');
    });
  });

  it("says 'No image available' without images", () => {
    render(<Carousel images={[]} name="Cocoa" width={100} height={100} />);
    expect(screen.getByText('No image available')).toBeInTheDocument();
  });
});
