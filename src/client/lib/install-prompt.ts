/** Chromium's install offer; not in the DOM's type library. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offered: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/**
 * Keeps the browser's install offer from the start: it may come before the install button's code has loaded
 * (that loads after the first render), and it comes once per page.
 */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offered = event as BeforeInstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offered = null;
    changed();
  });
}

export const installPrompt = {
  current: () => offered,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Shows the browser's install dialog; the offer is used up whatever the shopper answers. */
  async prompt(): Promise<void> {
    const event = offered;
    if (!event) return;
    offered = null;
    changed();
    await event.prompt();
    await event.userChoice;
  },
};
