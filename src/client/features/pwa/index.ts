// What the rest of the client may use of the installed-app feature. PwaControls loads after the first render
// (the layout imports it lazily); the offline page is a route of its own (app/routes.tsx).
export { PwaControls } from './PwaControls';
export { SAVED_PAGES_ID } from './saved-pages';
