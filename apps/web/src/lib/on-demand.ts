import { useCallback, useState } from 'react';

/**
 * Code a screen needs only when a person uses it (a dialog's form, a picker's list, the chat socket): it
 * loads on the first sign of intent or use, once, and stays loaded (ADR 0008; bench/README.md: every route at most 200 KiB
 * of JavaScript up front). A failed load may be tried again.
 */
export type OnDemand<T> = {
  load: () => Promise<T>;
  /** What has loaded, or undefined before that: a later mount renders it at once, without a flash. */
  current: () => T | undefined;
};

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let promise: Promise<T> | undefined;
  let value: T | undefined;
  const load = () => {
    promise ??= importer().then(
      (loaded) => {
        value = loaded;
        return loaded;
      },
      (error: unknown) => {
        promise = undefined;
        throw error;
      },
    );
    return promise;
  };
  return { load, current: () => value };
}

/** Handlers for a control that opens something: its code starts loading on the first sign of intent. */
export function preloadOn(load: () => Promise<unknown>) {
  const start = () => {
    // a failed preload is retried by the click itself, which shows the route's error if it fails again
    load().catch(() => {});
  };
  return { onPointerEnter: start, onFocus: start, onTouchStart: start };
}

/** True from the first time `open` is true: a dialog then stays mounted, so it can animate its closing. */
export function useOpenedOnce(open: boolean) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** The loaded value of `source` (undefined until then) and a function that starts loading it. */
export function useOnDemand<T>(source: OnDemand<T>): [T | undefined, () => void] {
  // boxed: a loaded value may be a function (a component), which useState would call
  const [box, setBox] = useState<{ value: T | undefined }>(() => ({ value: source.current() }));
  const start = useCallback(() => {
    source.load().then(
      (value) => setBox((current) => (current.value === value ? current : { value })),
      () => {
        // nothing to do: the next intent or use tries again
      },
    );
  }, [source]);
  return [box.value, start];
}
