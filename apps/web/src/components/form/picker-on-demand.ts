import { type FocusEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { type OnDemand, useOnDemand } from '../../lib/on-demand.ts';

/**
 * A picker drawn as its closed trigger until someone is about to use it: the library that drives and places
 * its list (Radix with floating-ui, about 20 KiB gzipped) loads on hover, focus or touch, and a click or an
 * opening key before it has arrived opens the list as soon as it has. The real trigger takes the shell's
 * place with the same id, look and name, and takes the focus too if the shell had it.
 */
export function usePickerOnDemand<T>(source: OnDemand<T>, id: string, openKeys: readonly string[] = []) {
  const [loaded, start] = useOnDemand(source);
  const [openAtMount, setOpenAtMount] = useState(false);
  const shellFocused = useRef(false);
  useLayoutEffect(() => {
    if (!loaded || !shellFocused.current) return;
    shellFocused.current = false;
    // opened at once, the list takes the focus itself and gives it back to the trigger when it closes;
    // otherwise the focus the shell had, lost with it, goes to the real trigger
    const active = document.activeElement;
    if (!openAtMount && (active === null || active === document.body)) document.getElementById(id)?.focus();
  }, [loaded, openAtMount, id]);
  const open = () => {
    setOpenAtMount(true);
    start();
  };
  const shell = {
    id,
    type: 'button' as const,
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: start,
    onTouchStart: start,
    onFocus: () => {
      shellFocused.current = true;
      start();
    },
    // a browser may report a blur as the shell leaves the page; only a move to another control counts
    onBlur: (event: FocusEvent) => {
      if (event.relatedTarget) shellFocused.current = false;
    },
    onClick: open,
    onKeyDown: (event: KeyboardEvent) => {
      if (!openKeys.includes(event.key)) return;
      event.preventDefault();
      open();
    },
  };
  return { loaded, openAtMount, shell };
}
