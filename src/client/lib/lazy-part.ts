import { createContext, createElement, lazy, useContext, type ComponentType, type LazyExoticComponent } from 'react';
import { withWholeMessages } from '../i18n/messages';

/** A module under src/client/features (its path there, without .tsx) as Vite's build manifest names its chunk. */
export const featureModuleKey = (file: string) => `src/client/features/${file}.tsx`;

/**
 * The server's render, told of each part it draws (by the part's file, see LazyPartOptions): it asks the browser
 * for that part's chunks in the head. None in the browser.
 */
export const RenderedParts = createContext<((file: string) => void) | null>(null);

export interface LazyPartOptions {
  /** Its module's path under src/client/features, without .tsx (as pages name theirs in app/routes.tsx). */
  file: string;
  /**
   * The part may be hidden at the device's width (the list's filter panel, behind its button on a phone): the
   * server's HTML does not ask for its code, which a phone's hydration does not wait for.
   */
  mayBeHidden?: boolean;
}

/** The parts defined so far (by the page modules loaded), each with what tells that the server's HTML shows it. */
const parts: { shownBy: string; file: string; load: () => Promise<unknown>; preload: () => Promise<unknown> | null }[] = [];

/** The parts the page modules loaded so far define: their files and code (a test checks that the two agree). */
export const definedParts = (): readonly { file: string; load: () => Promise<unknown> }[] => parts;

/**
 * A part of a page in a chunk of its own that still renders in the server's HTML and hydrates in place: the page's
 * first route stays small, and nothing moves when the part's code arrives. `preload` is for the route's loader,
 * beside the data, so that neither the server's render nor a page the browser opens later waits for the code after
 * the data; the server loads it at once anyway. Once loaded the part is handed to React at once (a thenable that
 * resolves as it is asked), so it renders in the first HTML rather than being streamed in later, and hydrates in the
 * same pass as the page. `shownBy`: a selector that matches the part's HTML (see preloadShownParts). The server's
 * HTML asks for the code of each part it draws (RenderedParts) beside the page's: hydration waited one more round
 * trip for it after the shell (0.5-0.9 s of a cold home page on regular 2G, npm run bench:2g).
 * Render it inside an OptionalChunk: should its code not arrive, the part is left out rather than the page taken
 * down, and the next render asks for the code again (React keeps a failed lazy component failed, so a failure
 * makes a fresh one).
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, shownBy: string, options: LazyPartOptions) {
  let ready: ComponentType<P> | undefined;
  // A part drawn after the first render may use texts the server's did not: it waits for the whole catalog too.
  const load_ = () => withWholeMessages(load)().then((loaded) => (ready = loaded));
  const preload = (): Promise<unknown> | null => (ready ? null : load_());
  if (typeof window === 'undefined') void load_();
  parts.push({ shownBy, file: options.file, load, preload });
  const fresh = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() => {
      const now = ready;
      // React reads only `then` (its types ask for a whole Promise).
      if (now) return { then: (resolve: (value: { default: ComponentType<P> }) => void) => resolve({ default: now }) } as unknown as Promise<{ default: ComponentType<P> }>;
      return load_().then(
        (loaded) => ({ default: loaded }),
        (error: unknown) => {
          current = fresh();
          throw error;
        },
      );
    });
  let current = fresh();
  const Part = (props: P) => {
    const rendered = useContext(RenderedParts);
    if (!options.mayBeHidden) rendered?.(options.file);
    return createElement(current as ComponentType<P>, props);
  };
  return { Part, preload };
}

/**
 * Whether the server's HTML shows a part here: in the document and laid out (not display:none at this width, as a
 * phone hides the list's filter panel behind its button). Scrolled out of view still counts. Without
 * checkVisibility (Safari before 17.4) every part in the document counts.
 */
function shows(element: Element | null): boolean {
  if (!element) return false;
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;
}

/**
 * Before the first page hydrates (app/routes.tsx, with the page's module): the code of every part the
 * server's HTML shows. A part hidden at this width hydrates once its code comes, after the page: unseen, its HTML
 * may be drawn again meanwhile (see below) without anyone noticing. A part still waiting for its code while the
 * page hydrates stays the server's HTML, and any change of a context above it meanwhile (the language's texts) made
 * React throw that HTML away and draw the part again: every node replaced, pictures reloaded.
 */
export async function preloadShownParts(): Promise<void> {
  // The server has each part's code already.
  if (typeof document === 'undefined') return;
  await Promise.all(parts.filter((part) => shows(document.querySelector(part.shownBy))).map((part) => part.preload()));
}
