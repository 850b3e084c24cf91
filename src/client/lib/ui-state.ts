import { proxy } from 'valtio';

/** Side panels of the default layout: the one named is open, none while the name is empty. */
export type PanelName = '' | 'cart' | 'account' | 'menu';

export type NotificationKind = 'info' | 'success' | 'error';

export interface Notification {
  id: number;
  kind: NotificationKind;
  text: string;
}

/**
 * Non-persisted UI state of this tab. Only the browser mutates it (event handlers and effects), so the
 * module-level proxy never carries one visitor's state into another's server render.
 */
export const ui = proxy({
  panel: '' as PanelName,
  panelFrame: '',
  notification: null as Notification | null,
  searchOpen: false,
  /** Closed in this tab since the page was rendered; the session cookie tells the next server render. */
  demoNoticeClosed: false,
});

export function openPanel(name: Exclude<PanelName, ''>, frame = ''): void {
  ui.panel = name;
  ui.panelFrame = frame;
}

export function closePanel(): void {
  ui.panel = '';
  ui.panelFrame = '';
}

let nextNotificationId = 1;

/** Shows a snackbar message; the Snackbar hides it after 5000 ms. */
export function notify(text: string, kind: NotificationKind = 'info'): void {
  ui.notification = { id: nextNotificationId++, kind, text };
}
