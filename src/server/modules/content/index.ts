/**
 * Content: menus, content pages and the shop's channel and theme. What other code may use; the store stays inside.
 */
export { themes } from './theme';
export { PREVIEW_COOKIE, registerPreviewLinks } from './preview';
