// Loads an island's code when a visitor reaches for its trigger, before the click: the pointer
// resting on it (a mouse) or keyboard focus. Otherwise (a touch, a quick click) the click itself
// starts the load. The download and evaluation start only after the next paint, so that no input
// waits for them: a dynamic import inserts a preload link per dependency in the same task, tens of
// milliseconds on a slow phone.
//
// A press does not start it: between the press and its click there is only a moment, and a load
// started there would run in it and hold back the frame that answers the click.

/** A pointer that stays this long over a trigger is taken as reaching for it, not passing by. */
const HOVER_INTENT_MS = 65;

/** Runs `fn` once the frame being prepared has been painted. */
export function afterNextPaint(fn: () => void): void {
  requestAnimationFrame(() => setTimeout(fn, 0));
}

export interface Loader<T> {
  /**
   * Calls `fn` with the module: at once when loaded or loading; otherwise the load starts after the
   * next paint. A failed load is tried again next time.
   */
  whenLoaded(fn: (module: T) => void, fail: (err: unknown) => void): void;
}

export function loadOnReach<T>(root: HTMLElement, selector: string, importer: () => Promise<T>): Loader<T> {
  let loading: Promise<T> | null = null;
  let hover: ReturnType<typeof setTimeout> | undefined;
  const load = () => {
    if (!loading) {
      loading = importer();
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  };
  const soon = () => afterNextPaint(() => void load().catch(() => {}));
  const onTrigger = (event: Event) => !loading && (event.target as Element).closest(selector) !== null;
  root.addEventListener('pointerover', (event) => {
    if ((event as PointerEvent).pointerType !== 'mouse' || !onTrigger(event)) return;
    clearTimeout(hover);
    hover = setTimeout(soon, HOVER_INTENT_MS);
  });
  root.addEventListener('pointerout', () => clearTimeout(hover));
  root.addEventListener('pointerdown', () => clearTimeout(hover));
  root.addEventListener('focusin', (event) => {
    // Keyboard focus only: a press focuses its button too, and is left to its click (see above).
    if (onTrigger(event) && (event.target as Element).matches(':focus-visible')) soon();
  });
  return {
    whenLoaded(fn, fail) {
      if (loading) loading.then(fn, fail);
      else afterNextPaint(() => load().then(fn, fail));
    },
  };
}
