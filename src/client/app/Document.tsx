import type { ReactNode } from 'react';
import { BOOT_ELEMENT_ID, serializeBoot, type Boot } from './boot';

/**
 * The whole HTML document, rendered by React on the server and hydrated as-is in the browser. Page
 * components add their own <title>, <meta> and <link> tags, which React hoists into <head>.
 */
export function Document({ boot, languageId, children }: { boot: Boot; languageId: string; children: ReactNode }) {
  return (
    <html lang={languageId}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#EE3F6B" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="icon" href="/icons/icon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        {/* Safari on iOS reads these instead of the manifest when the shop is added to the home screen. */}
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-status-bar-style" content="default" />
        <meta name="apple-mobile-web-app-title" content="Retro" />
        {boot.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        {children}
        <script id={BOOT_ELEMENT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: serializeBoot(boot) }} />
      </body>
    </html>
  );
}
