import type { ReactNode } from 'react';
import { appIcons, BRAND_COLOR } from '../../shared/app-icons';
import { channels, defaultLanguage, isLanguageId } from '../../shared/locales';
import { BOOT_ELEMENT_ID, HYDRATED_MARK, serializeBoot, type Boot } from './boot';

/**
 * The scripts only the server's HTML has, with its Content-Security-Policy's nonce. The browser's render has none:
 * React leaves a script it did not render where it is, as it does the router's hydration data in the body.
 * - The head's script, before the stylesheet (which a later script would wait for), on every page with the entry:
 *   the browser loads the cookies and the storage areas while the page's scripts are on their way (STORAGE_WARM_UP)
 *   and, with `intlWarmUp`, once the first frame is painted, starts the worker that loads the browser's locale data
 *   before hydration needs it (i18n/intl-warm-up.ts), from its code in the page rather than a file of its own, a
 *   request fewer before the page hydrates.
 * - `entry`, at the end of the body: the client's entry, a module script the browser runs once the document has
 *   been read (the server's modulepreload in the head asked for it at the usual priority). Not React's
 *   `bootstrapModules`, which preloads at low priority, where Chrome holds it back while the head's others load;
 *   the shell's chunk is the entry itself (vite.config.ts), so a page asks for one file fewer (decision 0007).
 */
export interface ServerScripts {
  nonce: string;
  intlWarmUp: string | null;
  entry: string | null;
}

/**
 * The whole HTML document, rendered by React on the server and hydrated as-is in the browser. Page
 * components add their own <title>, <meta> and <link> tags, which React hoists into <head>.
 */
export function Document({ boot, languageId, serverScripts, children }: { boot: Boot; languageId: string; serverScripts?: ServerScripts; children: ReactNode }) {
  const icons = appIcons(boot.variant);
  return (
    <html lang={languageId}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={BRAND_COLOR} />
        {/* The .ico for browsers without SVG icons; the others take the SVG. */}
        <link rel="icon" href={icons.favicon} sizes="32x32" />
        <link rel="icon" href={icons.svg} type="image/svg+xml" />
        <link rel="apple-touch-icon" href={icons.appleTouch} />
        {/* Safari on iOS reads these instead of the manifest when the shop is added to the home screen. The
            manifest's link and the app's title are the layout's (AppHead): the shown page's language. */}
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-status-bar-style" content="default" />
        {/* Before the stylesheet, which a script after it would wait for. import.meta.env.SSR: the client build leaves
            this out (0.2 KiB of every first route). */}
        {import.meta.env.SSR && serverScripts?.entry && (
          <HeadWarmUp nonce={serverScripts.nonce} intlWarmUp={serverScripts.intlWarmUp} locale={channels[isLanguageId(languageId) ? languageId : defaultLanguage].iso} />
        )}
        {boot.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        {children}
        {/* The browser reads it once, before it hydrates (start.tsx): its render keeps the server's text, as React
            leaves an element's inner HTML as the server wrote it, and the client build leaves the escaping out. */}
        <script id={BOOT_ELEMENT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? serializeBoot(boot) : '' }} suppressHydrationWarning />
        {import.meta.env.SSR && serverScripts?.entry && <script type="module" src={serverScripts.entry} nonce={serverScripts.nonce} />}
      </body>
    </html>
  );
}

/**
 * The first read of the cookies, of sessionStorage and of localStorage each waits for a round trip to the browser
 * process, which keeps them; later reads are served from the page's own copy (until the page writes a cookie). The
 * page's first tasks after its first paint make all three: the router's start reads sessionStorage, hydration's
 * effects read the cookies (the account button, the demo notice) and localStorage (the recent searches). On the
 * test host that was 3.7 ms and 6.7 ms of the main thread waiting inside those tasks (a CPU profile of the home page,
 * 1x). Made here, in a task of their own while the page's scripts and stylesheet are on their way, those waits come
 * while the main thread has nothing else to do. A browser that refuses storage throws; nothing is lost.
 */
export const STORAGE_WARM_UP = 'setTimeout(function(){try{document.cookie}catch(e){}try{sessionStorage.length}catch(e){}try{localStorage.length}catch(e){}},0)';

/**
 * Starts the locale data's worker from its code (a blob: address, which the page's CSP allows workers alone; a
 * browser without workers, or that refuses this one, goes on without it), and the storage warm-up.
 *
 * The worker starts once the first frame has been painted (the task after the frame's animation callbacks): its
 * 35-40 ms of CPU, started in the head, ran beside the first paint, and where the page has one core to itself, as
 * on a phone whose other cores are busy, it made that task of 29 ms of CPU last 112 ms (a Lighthouse trace, 1x,
 * decision 0007, 2026-12-04 (a tenth host)). The scripts it gets ahead of arrive after the first paint on a first
 * visit; on a visit the service worker serves, hydration may come first and load the data itself. A tab opened in
 * the background paints no frame until it is shown, and by then has hydrated: it starts no worker (HYDRATED_MARK).
 */
function HeadWarmUp({ nonce, intlWarmUp, locale }: { nonce: string; intlWarmUp: string | null; locale: string }) {
  // `<` escaped: the code sits inside a <script> element.
  const worker =
    intlWarmUp === null
      ? ''
      : `try{requestAnimationFrame(function(){setTimeout(function(){try{if(performance.getEntriesByName(${JSON.stringify(HYDRATED_MARK)}).length)return;new Worker(URL.createObjectURL(new Blob([${JSON.stringify(intlWarmUp).replace(/</g, '\\u003c')}],{type:"text/javascript"})),{name:${JSON.stringify(locale)}})}catch(e){}},0)})}catch(e){}`;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: `${worker}${STORAGE_WARM_UP}` }} />;
}
