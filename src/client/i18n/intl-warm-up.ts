/**
 * A dedicated worker the head's script starts once the first frame is painted, from this file's built code
 * (app/Document.tsx; the server reads it from the build, src/server/render/render.tsx, so it must import nothing),
 * named after the page's locale. A tab's first number or date format loads the browser's locale data for the whole
 * page's process, in one piece: react-intl's checks of the locale took 26–138 ms of the main thread at a 4x CPU
 * slowdown inside the hydration's render (decision 0007, 2026-11-30), and a first format 13–31 ms at 1x in a blank
 * page (2026-12-04 (a twelfth host)). The client build now leaves those checks out, so the home page and a product in
 * stock format nothing while they hydrate; a list does (its product count), and any page does later (the mini cart's
 * count). Done here before the page needs it, on a core of its own, it costs the main thread nothing: its first Intl
 * call then took 0.2–1.2 ms (2026-11-30). A worker that starts too late (its start waits for the browser process, 2 s
 * on a loaded 2-core host: 2026-12-04 (an eleventh host)), or a browser that cannot start it, loses nothing but the
 * head start.
 */
try {
  const locale = self.name;
  Intl.NumberFormat.supportedLocalesOf(locale);
  Intl.DateTimeFormat.supportedLocalesOf(locale);
  new Intl.PluralRules(locale).select(1);
} catch {
  // A locale the browser refuses: nothing to warm, and nothing the page would hear of.
} finally {
  self.close();
}

// A module for the compiler, with nothing to export; the build leaves no export statement.
export {};
