import type { PanelName } from '../../lib/ui-state';

export interface InstallSituation {
  /** The browser offered installing (beforeinstallprompt). */
  offered: boolean;
  /** Already running as the installed app. */
  standalone: boolean;
  userAgent: string;
  maxTouchPoints: number;
}

/**
 * What to offer: the install button where the browser offers installing; on iOS, where Safari never does, the
 * way through the Share menu; nothing when already installed or when the browser cannot install.
 */
export function installGuidance(situation: InstallSituation): 'button' | 'ios' | 'none' {
  if (situation.standalone) return 'none';
  if (situation.offered) return 'button';
  // iPadOS presents itself as a Mac, but with a touch screen.
  const ios = /iPhone|iPad|iPod/.test(situation.userAgent) || (/Macintosh/.test(situation.userAgent) && situation.maxTouchPoints > 1);
  return ios ? 'ios' : 'none';
}

/** ?open= of the manifest's shortcuts: which panel it opens; null for anything else. */
export function panelToOpen(value: string | null): Exclude<PanelName, '' | 'account' | 'menu'> | 'search' | null {
  return value === 'cart' || value === 'search' ? value : null;
}
