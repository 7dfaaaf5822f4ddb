import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyClicks } from './early-clicks.ts';

describe('holdEarlyClicks (landing.html before its code, ADR 0022)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('clicks the last button clicked early again on release, once, and nothing after', () => {
    document.body.innerHTML = '<p><button id="a">A</button><button id="b"><span>B</span></button></p>';
    const release = holdEarlyClicks();
    document.getElementById('a')?.click();
    document.querySelector('span')?.click();
    const answered = vi.fn();
    // the page's code arrives: from now on the buttons answer
    document.body.addEventListener('click', (event) => answered((event.target as Element).id));
    release();
    expect(answered).toHaveBeenCalledTimes(1);
    expect(answered).toHaveBeenCalledWith('b');
    document.getElementById('a')?.click();
    expect(answered).toHaveBeenCalledTimes(2);
  });

  it('clicks nothing when nobody clicked, or when what was clicked is gone', () => {
    document.body.innerHTML = '<button id="a">A</button>';
    const answered = vi.fn();
    document.body.addEventListener('click', answered);
    holdEarlyClicks()();
    expect(answered).not.toHaveBeenCalled();
    const release = holdEarlyClicks();
    document.getElementById('a')?.click();
    expect(answered).toHaveBeenCalledTimes(1);
    document.body.innerHTML = '';
    release();
    expect(answered).toHaveBeenCalledTimes(1);
  });
});
