import { act, fireEvent, render, screen } from '@testing-library/react';
import { Carousel } from './carousel';

const images = [
  { src: '/a.svg', label: 'Main' as const },
  { src: '/b.svg', label: 'Hot' as const },
  { src: '/c.svg', label: 'Iced' as const },
];

const current = () => screen.getByRole('region').querySelector('.carousel__track')?.getAttribute('data-index');

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

  it("says 'No image available' without images", () => {
    render(<Carousel images={[]} name="Cocoa" width={100} height={100} />);
    expect(screen.getByText('No image available')).toBeInTheDocument();
  });
});
