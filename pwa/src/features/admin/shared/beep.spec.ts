import { fakeAudioContext } from '../../../test/fake-audio';
import { beep } from './beep';

describe('beep', () => {
  afterEach(() => {
    delete (window as { AudioContext?: unknown }).AudioContext;
  });

  it('is silent, and throws nothing, where the browser has no Web Audio (jsdom)', () => {
    expect(window.AudioContext).toBeUndefined();
    expect(() => beep()).not.toThrow();
  });

  it('plays two short tones through an oscillator where it has', () => {
    const started: number[] = [];
    (window as { AudioContext?: unknown }).AudioContext = fakeAudioContext(started, 10);
    beep();
    expect(started).toEqual([880, 1320]);
  });
});
